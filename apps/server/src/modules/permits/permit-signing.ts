import type { Transaction } from 'kysely';
import type { SignedPermitCommand } from '@hasp/contracts';
import type { Database } from '../../db/schema';
import type { CommandRun } from '../../platform';
import type { PermitCommandBody } from './permit-command-body';
import type { PermitRecord } from './permit.repository';
import type { PermitState } from './permits.policy';

/**
 * Every verb that hands over responsibility is signed (decisions 0051 and 0101): approve,
 * issue, accept, hand-over and complete-work. The signer's password is checked again and the
 * signature recorded, in the command's transaction, before the permit moves. The signatures module
 * registers the signer, so the permits module never reads its tables; without one, none of these
 * verbs can apply (no handing over of responsibility without a signature).
 */
export interface PermitSigner {
  /** Re-authenticates the actor and records the signature of the command; throws the refusal (wrong password, rate limit). */
  sign(run: CommandRun<PermitCommandBody, PermitState>, command: SignedPermitCommand): Promise<void>;
  /** After an edit: the signatures whose signed content the edit changed are marked invalidated, when and why. */
  invalidateChanged(trx: Transaction<Database>, permit: PermitRecord, at: Date): Promise<void>;
}

let signer: PermitSigner | undefined;

export function registerPermitSigner(plugin: PermitSigner): void {
  signer = plugin;
}

function registeredSigner(what: string): PermitSigner {
  if (!signer) throw new Error(`permit.${what}: no signer is registered (modules/signatures)`);
  return signer;
}

export async function signPermitCommand(
  run: CommandRun<PermitCommandBody, PermitState>,
  command: SignedPermitCommand,
): Promise<void> {
  await registeredSigner(command).sign(run, command);
}

export async function invalidateChangedSignatures(
  trx: Transaction<Database>,
  permit: PermitRecord,
  at: Date,
): Promise<void> {
  await registeredSigner('edit').invalidateChanged(trx, permit, at);
}
