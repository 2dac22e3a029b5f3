import type { PermitFacts, PermitGuard } from '@hasp/contracts';
import { registerPermitGuards } from '../permits';
import { lockboxClosingFacts } from './lockbox.repository';

/** What the close guard reads of the permit's lockbox, in the close command's transaction. */
export interface LockboxFacts extends PermitFacts {
  /** "Name (lock SERIAL)" of everyone signed on to the open lockbox. */
  lockboxSignedOn: string[];
  /** The open lockbox's number; null when there is none (never opened, or released). */
  lockboxOpen: string | null;
}

/**
 * OSHA (f)(3): the permit does not close while anyone is signed on to its lockbox or the lockbox
 * holds the keys. The isolation plan's closing guard reads the same tables (all locks and tags);
 * this one names the crew, so the refusal says who is still protected by the permit.
 */
export const lockboxClosed: PermitGuard<LockboxFacts> = ({ facts }) => {
  if (facts.lockboxSignedOn.length)
    return {
      code: 'PRECONDITION_FAILED',
      reason: `The crew must sign off and lockbox ${facts.lockboxOpen} be released before the permit closes. Signed on: ${facts.lockboxSignedOn.join(', ')}.`,
    };
  if (facts.lockboxOpen)
    return {
      code: 'PRECONDITION_FAILED',
      reason: `Lockbox ${facts.lockboxOpen} is not released: its primary authorized employee releases it before the permit closes.`,
    };
  return null;
};

/** Called once when the app is built (app.ts). */
export function registerLockboxGuards(): void {
  registerPermitGuards<LockboxFacts>({
    name: 'lockboxes',
    facts: async (db, permit) => {
      const { signedOn, openLockbox } = await lockboxClosingFacts(db, permit.ID);
      return { lockboxSignedOn: signedOn, lockboxOpen: openLockbox };
    },
    guards: { close: [lockboxClosed] },
  });
}
