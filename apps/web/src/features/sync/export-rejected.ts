import type { OutboxItem } from '../../offline-db';

/**
 * The refused changes as a JSON file the user can keep or hand to a supervisor (a refused change is never silently dropped): every field
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
