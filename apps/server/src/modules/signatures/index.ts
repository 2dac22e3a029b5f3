// Approvals and electronic signatures (decisions 0050, 0051): approval stages, the permit signer
// and the approval guards.

// Exports the routes, the approval stage command (the demo seed gives it), and the registration of
// the permit signer and the approval guards.

import type { PermitLifecyclePart } from '../permits';
import { permitSigner } from './permit-signer';
import { signatureGuards } from './signature.guards';

export { signatureRoutes } from './signatures.routes';
export { updateApprovalStages } from './approval-stages.commands';

/** Approving a permit signs its next stage: the signer, and the guards of who may sign which stage. */
export const signaturesLifecycle: PermitLifecyclePart = { signer: permitSigner, guards: signatureGuards };

/** The (e)(3) removal of an absent worker's lock is signed like the permit's verbs (decision 0101). */
export { signPermitVerb, type SigningRun } from './permit-signer';

/** The identity provider's answers to single sign-on users' signings (the ACS hands them over; decision 0059). */
export { registerSsoSigning } from './sso-signing';

/** The approvals section as its GET route answers it, and the "2026-11-24 14:05 +01:00" wording of an instant (the permit PDF). */
export { readSignaturesSection } from './signatures-section';

/** The approval's password check for signing something else on a permit (a SIMOPS override). */
export { verifySigningPassword } from './password-check';

/**
 * Sealed offline signatures: the key devices seal a password with (made on first need; the offline
 * download sends it), a new key (the old ones still open), and opening a seal for one queued command.
 */
export { currentSealKey, rotateSealKey } from './seal-keys.repository';
export { openSealedSignature, type SealBinding } from './sealed-signature';
