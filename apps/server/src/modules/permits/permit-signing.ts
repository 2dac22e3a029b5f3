import type { CommandRun } from '../../platform';
import type { PermitCommandBody } from './permit-command.service';
import type { PermitState } from './permits.policy';

/**
 * Approving a permit signs its next approval stage (issue 17, decision 0051): the signer's password
 * is checked again and the signature recorded, in the approve command's transaction, before the
 * permit moves. The signatures module registers the signer, so the permits module never reads its
 * tables; without one, nothing can approve (no approval without a signature).
 */
export interface PermitSigner {
  /** Re-authenticates the actor and records the signature; throws the refusal (wrong password, rate limit). */
  sign(run: CommandRun<PermitCommandBody, PermitState>): Promise<void>;
}

let signer: PermitSigner | undefined;

export function registerPermitSigner(plugin: PermitSigner): void {
  signer = plugin;
}

export async function signApproval(run: CommandRun<PermitCommandBody, PermitState>): Promise<void> {
  if (!signer) throw new Error('permit.approve: no signer is registered (modules/signatures)');
  await signer.sign(run);
}
