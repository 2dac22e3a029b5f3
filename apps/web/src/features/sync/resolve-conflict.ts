import type { OfflineCommandName, SyncIssue } from '@hasp/contracts';
import { apiRequest } from '../../lib/http';
import type { HaspDatabase, OutboxItem } from '../../offline-db';
import { queueCommand } from './queue-command';
import { syncNow } from './sync-state';

/** What the user chose for a conflict: their change again, the server's as it is, or a per-field mix. */
export type ConflictChoice =
  | { keep: 'mine' }
  | { keep: 'theirs' }
  /** A change of the same command with the fields chosen from each side (a permit edit). */
  | { keep: 'merged'; input: unknown };

/**
 * Resolves a conflict the device holds. The server's record is marked resolved first, with the
 * user's words (its owner and supervisors read them), so nothing changes on the device when the
 * network fails; a retry replays that answer (the key is the change's own). A change sent again
 * gets a new idempotency key: the first one's answer, a conflict, stays the server's answer to it.
 */
export async function resolveConflict(
  db: HaspDatabase,
  item: OutboxItem,
  issue: SyncIssue,
  choice: ConflictChoice,
  resolution: string,
): Promise<void> {
  const server = issue.server;
  if (!server) throw new Error('This change has no server version to resolve against.');
  await apiRequest(`sync/conflicts/${issue.ID}/resolve`, {
    method: 'POST',
    body: { resolution },
    headers: { 'idempotency-key': `resolve:${item.idempotencyKey}` },
    quiet: () => true,
  });
  await applyConflictChoice(db, item, choice, server.version);
  if (choice.keep !== 'theirs') syncNow();
}

/**
 * The device's side of a resolution, in one transaction: the conflicting item leaves the outbox;
 * "mine" or a merge queues the change again on the server's version (a new idempotency key, at the
 * end of the owner's queue); "theirs" drops the permit's row this change made when no other change
 * of the permit waits, so the page shows the downloaded copy.
 */
export async function applyConflictChoice(
  db: HaspDatabase,
  item: OutboxItem,
  choice: ConflictChoice,
  serverVersion: number,
): Promise<void> {
  await db.transaction('rw', [db.outbox, db.meta, db.permits], async () => {
    await db.outbox.delete(item.idempotencyKey);
    if (choice.keep === 'theirs') {
      const others = item.permitKey ? await db.outbox.where('permitKey').equals(item.permitKey).count() : 1;
      if (item.permitKey && others === 0) await db.permits.delete(item.permitKey);
      return;
    }
    const owner = { connectionStringName: item.connectionStringName, facilityId: item.facilityId, userId: item.userId };
    await queueCommand(db, owner, {
      name: item.name as OfflineCommandName,
      targetId: item.targetId,
      input: choice.keep === 'merged' ? choice.input : item.input,
      baseVersion: serverVersion,
      ...(item.permitKey ? { permitKey: item.permitKey } : {}),
    });
  });
}
