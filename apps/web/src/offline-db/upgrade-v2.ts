import type { Transaction } from 'dexie';
import { ownerKey, type Owner } from './owner';

/** A v1 item kept no target: its permit key (`<connection>:<facility>:<id or local:uuid>`) names it. */
function targetOf(item: Record<string, unknown>): number | string | null {
  if (typeof item.targetId === 'number' || typeof item.targetId === 'string') return item.targetId;
  const prefix = `${String(item.connectionStringName)}:${String(item.facilityId)}:`;
  if (typeof item.permitKey !== 'string' || !item.permitKey.startsWith(prefix)) return null;
  const id = item.permitKey.slice(prefix.length);
  return /^\d+$/.test(id) ? Number(id) : id;
}

/**
 * v1 → v2: queued v1 items (`type`, `payload`, `createdAt`) become sync commands (`name`, `input`,
 * `deviceTime`, `deviceSeq` in queue order per owner, `baseVersion` null: v1 kept none). No item is
 * dropped. The offline-sync work owns this file and its test.
 */
export async function upgradeOutboxToV2(tx: Transaction): Promise<void> {
  const outbox = tx.table('outbox');
  /** A v1 item (db.ts of v1). */
  type V1 = Record<string, unknown> & { createdAt?: string; type?: string; reason?: string; status?: string };
  const items = (await outbox.toArray()) as V1[];
  items.sort((a, b) => (a.createdAt ?? '').localeCompare(b.createdAt ?? ''));
  const deviceId = crypto.randomUUID();
  const seqs = new Map<string, number>();
  for (const item of items) {
    const owner = ownerKey(item as unknown as Owner);
    const seq = (seqs.get(owner) ?? 0) + 1;
    seqs.set(owner, seq);
    const { type, payload, createdAt, reason, ...rest } = item;
    await outbox.put({
      ...rest,
      deviceId,
      deviceSeq: seq,
      deviceTime: createdAt ?? new Date().toISOString(),
      name: type,
      input: payload,
      targetId: targetOf(item),
      baseVersion: null,
      status: rest.status === 'sending' || rest.status === undefined ? 'pending' : rest.status,
      attempts: typeof rest.attempts === 'number' ? rest.attempts : 0,
      ...(reason ? { error: { code: rest.status === 'conflict' ? 'CONFLICT' : 'REJECTED', message: reason } } : {}),
    });
  }
  await tx.table('meta').put({ key: 'deviceId', value: deviceId });
  for (const [owner, seq] of seqs) await tx.table('meta').put({ key: `seq:${owner}`, value: seq + 1 });
}
