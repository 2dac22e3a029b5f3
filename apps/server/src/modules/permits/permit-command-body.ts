import type { PermitEdit, SealedSignature } from '@hasp/contracts';

// On its own: the command checks and signers plugged into the lifecycle read it, and the lifecycle's
// commands call them.

/** A lifecycle command's body: the edit's core fields, or the verb's input (permitCommandInputSchemas), or nothing. */
export type PermitCommandBody = Partial<PermitEdit> & {
  reason?: string;
  newHolderId?: number;
  password?: string;
  /** Approving as a single sign-on user: the signing the identity provider answered (decision 0059). */
  signingIntent?: string;
  /** Signed offline: the password sealed to the server's key for this one queued command. */
  sealedSignature?: SealedSignature;
  /** Rejecting: the "Rejection reasons" item and the note. */
  reasonId?: number;
  note?: string;
  /** Approving or issuing despite a blocking SIMOPS conflict: why, signed with the password (modules/simops). */
  simopsOverride?: { reason: string; password: string };
  /** Handing over: the notes the incoming holder acknowledges (permit-handover.ts). */
  abnormalConditions?: string;
  workRemaining?: string;
  locksStaying?: number[];
  /** Accepting after a hand-over: the incoming holder has read its notes. */
  acknowledgesHandover?: true;
};
