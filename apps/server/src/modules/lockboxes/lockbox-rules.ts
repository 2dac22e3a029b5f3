import type { LockboxMember, LockboxRuleState } from '@hasp/contracts';
import type { LockboxPermit, LockboxRow } from './lockbox.repository';

/**
 * The lockbox rules live in contracts (`lockboxRefusal`, `allowedLockboxCommands`,
 * `signedOnMembers`): the offline permit page decides with the same functions (decision 0067).
 */
export {
  allowedLockboxCommands,
  lockboxCallerView,
  lockboxRefusal,
  signedOnMembers as signedOn,
} from '@hasp/contracts';
export type { LockboxRefusal } from '@hasp/contracts';

/** A permit locked for a lockbox command: the permit, its lockbox and sign-ons, the actor's permissions. */
export interface LockboxState extends LockboxRuleState {
  /** The lockbox's version (0 before one was opened): If-Match and the ETag. */
  version: number;
  permit: LockboxPermit;
  /** The open lockbox, else the last one released. */
  lockbox: LockboxRow | undefined;
  /** Everyone who signed on to that lockbox (open and signed off). */
  members: LockboxMember[];
  permissions: ReadonlySet<string>;
}
