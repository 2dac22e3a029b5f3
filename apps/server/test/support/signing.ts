import { isSignedPermitCommand } from '@hasp/contracts';
import { DEMO_PASSWORD } from '../../src/db/seed/demo';

/**
 * A lifecycle verb's body as a demo user sends it: the verbs that hand over responsibility (approve,
 * issue, accept, hand-over, complete-work) are signed, so they carry the signer's password.
 */
export function signedBody(verb: string, body: object = {}, password = DEMO_PASSWORD): Record<string, unknown> {
  return isSignedPermitCommand(verb) ? { password, ...handoverDefaults(verb), ...body } : { ...body };
}

/**
 * A hand-over carries the outgoing holder's notes, and the acceptance after it their acknowledgment
 * ((f)(4); permit-handover.test.ts tests both): tests about other rules give plain ones.
 */
export const HANDOVER_NOTES = { abnormalConditions: 'None', workRemaining: 'None', locksStaying: [] as number[] };
const handoverDefaults = (verb: string): object =>
  verb === 'hand-over' ? HANDOVER_NOTES : verb === 'accept' ? { acknowledgesHandover: true } : {};

/** The body of an (e)(3) removal, signed by the supervisor (the demo password unless given). */
export const signedRemoval = <B extends object>(body: B, password = DEMO_PASSWORD) => ({ ...body, password });
