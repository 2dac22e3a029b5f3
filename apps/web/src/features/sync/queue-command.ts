import type { OfflineCommandName } from '@hasp/contracts';
import type { HaspDatabase, OutboxItem, Owner } from '../../offline-db';
import { ownerKey } from '../../offline-db/owner';

/** What a screen queues: the command as its REST route takes it, and the record it is about. */
export interface QueuedCommand {
  name: OfflineCommandName;
  /** The record's server id, or `local:<uuid>` for a permit created on this device. */
  targetId: number | string;
  input: unknown;
  /** The target record's version the device's copy is based on (null for a creation). */
  baseVersion: number | null;
  /** The stored permit it changes (`StoredPermit.key`). */
  permitKey?: string;
  /** A creation's provisional number, as the page showed it (the server links it to its own). */
  provisionalNumber?: string;
  /** The idempotency key, when the caller chose it first: a signature sealed offline names its command's key. */
  idempotencyKey?: string;
}

/** This device's id, made once and kept in the browser database. */
export async function deviceIdOf(db: HaspDatabase): Promise<string> {
  return db.transaction('rw', db.meta, async () => {
    const row = await db.meta.get('deviceId');
    if (typeof row?.value === 'string') return row.value;
    const id = crypto.randomUUID();
    await db.meta.put({ key: 'deviceId', value: id });
    return id;
  });
}

/**
 * Queues one offline change in the outbox, in one strict-durability transaction that also takes the
 * owner's next device sequence (so a crash leaves either the item with its number or neither).
 * Resolves only once IndexedDB has written it to disk: "Saved offline" may be shown after that.
 * A full disk rejects with the browser's QuotaExceededError and writes nothing.
 */
export async function queueCommand(db: HaspDatabase, owner: Owner, command: QueuedCommand): Promise<OutboxItem> {
  const deviceId = await deviceIdOf(db);
  return db.transaction('rw', db.outbox, db.meta, async () => {
    const seqKey = `seq:${ownerKey(owner)}`;
    const next = ((await db.meta.get(seqKey))?.value as number | undefined) ?? 1;
    const item: OutboxItem = {
      ...owner,
      idempotencyKey: command.idempotencyKey ?? crypto.randomUUID(),
      deviceId,
      deviceSeq: next,
      deviceTime: new Date().toISOString(),
      name: command.name,
      targetId: command.targetId,
      input: command.input,
      baseVersion: command.baseVersion,
      ...(command.permitKey ? { permitKey: command.permitKey } : {}),
      ...(command.provisionalNumber ? { provisionalNumber: command.provisionalNumber } : {}),
      status: 'pending',
      attempts: 0,
    };
    await db.meta.put({ key: seqKey, value: next + 1 });
    await db.outbox.add(item);
    return item;
  });
}
