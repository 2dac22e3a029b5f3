import type { OfflineCommandName } from '@hasp/contracts';
import type { HaspDatabase, OutboxItem, Owner } from '../../../offline-db';

/** A command as the outbox takes it (features/sync's QueuedCommand: the same shape). */
export interface OutboxCommand {
  name: OfflineCommandName;
  targetId: number | string;
  input: unknown;
  baseVersion: number | null;
  permitKey?: string;
  provisionalNumber?: string;
}
export type QueueCommand = (db: HaspDatabase, owner: Owner, command: OutboxCommand) => Promise<OutboxItem>;

let queue: QueueCommand | null = null;

/**
 * The outbox's `queueCommand` (features/sync), handed in by app/ (features never import each other,
 * decision 0026): the permit page queues its offline changes only through it.
 */
export function configureOfflinePermits(deps: { queueCommand: QueueCommand }): void {
  queue = deps.queueCommand;
}

/** Queues one command (inside the caller's transaction when there is one). */
export function queueCommand(db: HaspDatabase, owner: Owner, command: OutboxCommand): Promise<OutboxItem> {
  if (!queue) throw new Error('The outbox is not connected: the change was not saved.');
  return queue(db, owner, command);
}
