import type { OfflineCommandName, SealedSignature, SealedSignaturePayload, SigningSealKey } from '@hasp/contracts';
import type { OfflineApplier } from '../../../lib/offline-apply';
import type { HaspDatabase, OutboxItem, Owner } from '../../../offline-db';

/** A command as the outbox takes it (features/sync's QueuedCommand: the same shape). */
export interface OutboxCommand {
  name: OfflineCommandName;
  targetId: number | string;
  input: unknown;
  baseVersion: number | null;
  permitKey?: string;
  provisionalNumber?: string;
  /** Chosen before queueing when a sealed signature names it. */
  idempotencyKey?: string;
}
export type QueueCommand = (db: HaspDatabase, owner: Owner, command: OutboxCommand) => Promise<OutboxItem>;
export type SealSignature = (key: SigningSealKey, payload: SealedSignaturePayload) => Promise<SealedSignature>;

let queue: QueueCommand | null = null;
let seal: SealSignature | null = null;
let appliers: readonly OfflineApplier[] = [];

/**
 * The outbox's `queueCommand` (features/sync), the signature sealing (features/signatures) and
 * each domain's offline rules (`features/<domain>/offline-apply.ts`), handed in by app/ (features
 * never import each other, decision 0026): the permit page queues its offline changes only
 * through them.
 */
export function configureOfflinePermits(deps: {
  queueCommand: QueueCommand;
  sealSignature: SealSignature;
  appliers: readonly OfflineApplier[];
}): void {
  queue = deps.queueCommand;
  seal = deps.sealSignature;
  appliers = deps.appliers;
}

/** The domains' offline rules app/ composed (none until it has). */
export const offlineAppliers = (): readonly OfflineApplier[] => appliers;

/** Seals a signature given offline to the server's key (features/signatures' sealSignature). */
export function sealSignature(key: SigningSealKey, payload: SealedSignaturePayload): Promise<SealedSignature> {
  if (!seal) throw new Error('Signing offline is not connected: the change was not saved.');
  return seal(key, payload);
}

/** Queues one command (inside the caller's transaction when there is one). */
export function queueCommand(db: HaspDatabase, owner: Owner, command: OutboxCommand): Promise<OutboxItem> {
  if (!queue) throw new Error('The outbox is not connected: the change was not saved.');
  return queue(db, owner, command);
}
