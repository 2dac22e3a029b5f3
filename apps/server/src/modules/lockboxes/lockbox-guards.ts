import { deny, permitGuardCaptions, say, type PermitFacts, type PermitGuard } from '@hasp/contracts';
import { lifecycleGuards, type PermitLifecyclePart } from '../permits';
import { lockboxClosingFacts, lockboxClosingFactsForPermits } from './lockbox.repository';

/** What the close guard reads of the permit's lockbox, in the close command's transaction. */
export interface LockboxFacts extends PermitFacts {
  /** "Name (lock SERIAL)" of everyone signed on to the open lockbox. */
  lockboxSignedOn: string[];
  /** The open lockbox's number; null when there is none (never opened, or released). */
  lockboxOpen: string | null;
}

/**
 * OSHA (f)(3): the permit does not close while its lockbox holds the keys. Who is still signed on
 * is the isolation plan's closing guard's to list (it runs first and names every lock, tag and
 * crew member still in place, for every permit type); this one adds the lockbox itself.
 */
export const lockboxClosed: PermitGuard<LockboxFacts> = ({ facts }) =>
  facts.lockboxOpen
    ? deny('PRECONDITION_FAILED', () => say(permitGuardCaptions.lockboxNotReleased, { number: facts.lockboxOpen! }))
    : null;

/** The lockbox's guards on the permit lifecycle. */
export const lockboxLifecycle: PermitLifecyclePart = {
  guards: lifecycleGuards<LockboxFacts>({
    name: 'lockboxes',
    resolvedIn: 'crew',
    facts: async (db, permit) => {
      const { signedOn, openLockbox } = await lockboxClosingFacts(db, permit.ID);
      return { lockboxSignedOn: signedOn, lockboxOpen: openLockbox };
    },
    // Read by the permit's ID alone: a lifecycle command never changes the lockbox.
    factsKey: () => '',
    factsForPermits: async (db, permits) => {
      const facts = await lockboxClosingFactsForPermits(
        db,
        permits.map((p) => p.ID),
      );
      return new Map([...facts].map(([id, f]) => [id, { lockboxSignedOn: f.signedOn, lockboxOpen: f.openLockbox }]));
    },
    guards: { close: [lockboxClosed] },
  }),
};
