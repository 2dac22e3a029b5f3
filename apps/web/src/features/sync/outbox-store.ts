import { Dexie } from 'dexie';
import type { OfflineCommandName, SyncCommand, SyncResult } from '@hasp/contracts';
import { storedPermitOf, type HaspDatabase, type OutboxItem, type Owner, type StoredPermit } from '../../offline-db';

/** The owner's items in device-sequence order (the compound index keeps them sorted). */
function ownerItems(db: HaspDatabase, owner: Owner) {
  const { connectionStringName, facilityId, userId } = owner;
  return db.outbox
    .where('[connectionStringName+facilityId+userId+deviceSeq]')
    .between(
      [connectionStringName, facilityId, userId, Dexie.minKey],
      [connectionStringName, facilityId, userId, Dexie.maxKey],
    );
}

/** The next `limit` items of this owner still to send, lowest device sequence first (the server applies them in that order, none skipped). */
export function pendingBatch(db: HaspDatabase, owner: Owner, limit: number): Promise<OutboxItem[]> {
  return ownerItems(db, owner)
    .filter((item) => item.status === 'pending')
    .limit(limit)
    .toArray();
}

/** How many of this owner's items wait to be sent. */
export function countPending(db: HaspDatabase, owner: Owner): Promise<number> {
  return ownerItems(db, owner)
    .filter((item) => item.status === 'pending' || item.status === 'sending')
    .count();
}

/** This owner's conflicts and refusals, in queue order. */
export function issuesOf(db: HaspDatabase, owner: Owner): Promise<OutboxItem[]> {
  return ownerItems(db, owner)
    .filter((item) => item.status === 'conflict' || item.status === 'rejected')
    .toArray();
}

/**
 * Items left `sending` by a push that never answered (tab closed, browser killed, owner switched):
 * pending again. Only called under the owner's sync lock, so no other tab is sending them now.
 */
export async function resetSending(db: HaspDatabase, owner: Owner): Promise<void> {
  await ownerItems(db, owner)
    .filter((item) => item.status === 'sending')
    .modify({ status: 'pending' });
}

/** Marks a batch as on its way (attempts + 1), so every tab's status shows it is being sent. */
export async function markSending(db: HaspDatabase, items: OutboxItem[], now: string): Promise<void> {
  await db.transaction('rw', db.outbox, async () => {
    for (const item of items) {
      await db.outbox.update(item.idempotencyKey, {
        status: 'sending',
        attempts: item.attempts + 1,
        lastAttemptAt: now,
      });
    }
  });
}

/** A push that failed as a whole: its items wait for the next attempt. */
export async function markPending(db: HaspDatabase, items: OutboxItem[]): Promise<void> {
  await db.transaction('rw', db.outbox, async () => {
    for (const item of items) {
      const stored = await db.outbox.get(item.idempotencyKey);
      if (stored?.status === 'sending') await db.outbox.update(item.idempotencyKey, { status: 'pending' });
    }
  });
}

/** The outbox item as the push contract sends it (owner nested again). */
export function toSyncCommand(item: OutboxItem): SyncCommand {
  return {
    idempotencyKey: item.idempotencyKey,
    deviceId: item.deviceId,
    deviceSeq: item.deviceSeq,
    deviceTime: item.deviceTime,
    name: item.name as OfflineCommandName,
    targetId: item.targetId,
    input: item.input,
    baseVersion: item.baseVersion,
    owner: { connectionStringName: item.connectionStringName, facilityId: item.facilityId, userId: item.userId },
    ...(item.provisionalNumber ? { provisionalNumber: item.provisionalNumber } : {}),
  };
}

/** What applying one push's answer did, for the progress and the retry decision. */
export interface AppliedResults {
  applied: number;
  conflicts: number;
  rejected: number;
  /** Sent but not answered with a final outcome (deferred, or missing from the answer): sent again later. */
  deferred: number;
}

interface OfflinePermitData {
  permit?: { ID?: number | string; number?: string; version?: number };
  versions?: Record<string, number>;
}

/** The stored permit after one of its commands was applied: the server's versions, number and id. */
function updatedPermit(permit: StoredPermit, item: OutboxItem, result: SyncResult, now: string): StoredPermit {
  const aggregate = item.name.split('.')[0]!;
  const data = { ...(permit.data as OfflinePermitData) };
  const next: StoredPermit = { ...permit, data, updatedAt: now };
  if (result.version !== null) {
    data.versions = { ...data.versions, [aggregate]: result.version };
    if (aggregate === 'permit') {
      next.version = result.version;
      if (data.permit) data.permit = { ...data.permit, version: result.version };
    }
  }
  if (result.created) {
    // What the page shows becomes the server's permit; the row keeps its key (later queued commands
    // and the page's URL use the local id, which the server maps) and the provisional number stays
    // linked to the final one for tags printed offline.
    data.permit = { ...data.permit, ID: result.created.permitId, number: result.created.number };
    delete next.provisionalNumber;
    (data as Record<string, unknown>).provisional = {
      localId: result.created.localId,
      number: permit.provisionalNumber ?? null,
    };
  }
  return next;
}

/**
 * Applies a push's answer, in one transaction, to the items that were sent (found by idempotency
 * key, so an answer that arrives after a sign-out still lands on its own owner's items): applied →
 * the item leaves the outbox and its stored permit takes the server's version (and number, for a
 * creation); conflict / rejected → the item stays with the server's reason; deferred or unanswered →
 * pending again.
 */
export async function applyResults(
  db: HaspDatabase,
  sent: OutboxItem[],
  results: SyncResult[],
  now: string,
): Promise<AppliedResults> {
  const byKey = new Map(results.map((result) => [result.idempotencyKey, result]));
  const counts: AppliedResults = { applied: 0, conflicts: 0, rejected: 0, deferred: 0 };
  await db.transaction('rw', [db.outbox, db.permits, db.pages, db.pageTexts, db.meta], async () => {
    for (const item of sent) {
      const result = byKey.get(item.idempotencyKey);
      if (!result || result.outcome === 'deferred') {
        counts.deferred += 1;
        await db.outbox.update(item.idempotencyKey, { status: 'pending' });
        continue;
      }
      if (result.outcome === 'applied') {
        counts.applied += 1;
        await db.outbox.delete(item.idempotencyKey);
        if (result.created) {
          const { localId, permitId, number } = result.created;
          const mapKey = `created:${item.connectionStringName}:${item.facilityId}:${localId}`;
          await db.meta.put({ key: mapKey, value: { permitId, number } });
        }
        // Its row (the change made it one), else the download page's copy (decision 0078).
        const permit = item.permitKey
          ? ((await db.permits.get(item.permitKey)) ?? (await storedPermitOf(db, item, item.permitKey)))
          : undefined;
        if (permit) await db.permits.put(updatedPermit(permit, item, result, now));
        continue;
      }
      if (result.outcome === 'conflict') counts.conflicts += 1;
      else counts.rejected += 1;
      await db.outbox.update(item.idempotencyKey, {
        status: result.outcome,
        error: result.error ?? { code: result.outcome.toUpperCase(), message: 'The server gave no reason.' },
        ...(result.conflictId !== undefined ? { conflictId: result.conflictId } : {}),
      });
    }
  });
  return counts;
}

/** The user read a conflict or a refusal and lets it go: only such items can be dismissed. */
export async function dismissIssue(db: HaspDatabase, idempotencyKey: string): Promise<void> {
  await db.transaction('rw', db.outbox, async () => {
    const item = await db.outbox.get(idempotencyKey);
    if (item && (item.status === 'conflict' || item.status === 'rejected')) await db.outbox.delete(idempotencyKey);
  });
}
