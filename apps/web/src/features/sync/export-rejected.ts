import type { OutboxItem } from '../../offline-db';

/**
 * The refused changes as a JSON file the user can keep or hand to a supervisor (R30): every field
 * of each item (command, input, device time, owner) with the server's reason.
 */
export function rejectedExport(items: OutboxItem[], exportedAt: string): Blob {
  const rows = items
    .filter((item) => item.status === 'rejected')
    .map((item) => ({
      idempotencyKey: item.idempotencyKey,
      deviceId: item.deviceId,
      deviceSeq: item.deviceSeq,
      deviceTime: item.deviceTime,
      name: item.name,
      targetId: item.targetId,
      baseVersion: item.baseVersion,
      input: item.input,
      owner: { connectionStringName: item.connectionStringName, facilityId: item.facilityId, userId: item.userId },
      reason: item.error ?? null,
    }));
  return new Blob([JSON.stringify({ exportedAt, rejected: rows }, null, 2)], { type: 'application/json' });
}

/** Saves a blob through a temporary link. */
export function saveFile(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  // Give the browser a moment to start the download before the address goes.
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}
