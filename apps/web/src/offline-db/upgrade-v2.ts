import type { Transaction } from 'dexie';
import { ownerKey, type Owner } from './db';

/**
 * v1 → v2: queued v1 items (`type`, `payload`, `createdAt`) become sync commands (`name`, `input`,
 * `deviceTime`, `deviceSeq` in queue order per owner, `baseVersion` null: v1 kept none). No item is
 * dropped (R32). The offline-sync work (issue 18) owns this file and its test.
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
      targetId: rest.targetId ?? null,
      baseVersion: null,
      status: rest.status === 'sending' ? 'pending' : rest.status,
      ...(reason ? { error: { code: 'REJECTED', message: reason } } : {}),
    });
  }
  await tx.table('meta').put({ key: 'deviceId', value: deviceId });
  for (const [owner, seq] of seqs) await tx.table('meta').put({ key: `seq:${owner}`, value: seq + 1 });
}
