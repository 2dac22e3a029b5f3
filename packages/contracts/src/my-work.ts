import * as z from 'zod/mini';
import { idSchema } from './ids';
import { permitStatuses, type PermitStatus } from './permit-lifecycle';
import { permitWorklists, type PermitWorklist } from './permit-index';

/**
 * "My work today" (GET /api/my-work): what the signed-in person holds, the crews they are on, their
 * locks still on, and for each the next thing it needs from them, so a worker who signs in sees what
 * to do rather than a dashboard. People who approve or issue also get their worklists' counts.
 */

/** The next step a card asks of the reader. `none`: nothing is theirs to do yet (the permit waits on others). */
export const myWorkSteps = [
  'accept',
  'sign-on',
  'deposit-keys',
  'hand-over',
  'sign-off-done',
  'sign-off-leaving',
  'remove-lock',
  'keep-lock',
  'none',
] as const;
export type MyWorkStep = (typeof myWorkSteps)[number];

/** The permit page's tab where a step is taken (the page opens on it: `/Permit/Edit/:id?tab=<tab>`). */
export const myWorkTabs = ['permit', 'crew-sign-on', 'isolation-plan'] as const;
export type MyWorkTab = (typeof myWorkTabs)[number];

const permitRefShape = {
  permitId: idSchema,
  permitNumber: z.string(),
  permitTitle: z.string(),
  permitStatus: z.enum(permitStatuses),
};

export const myWorkItemSchema = z.object({
  ...permitRefShape,
  /** Why it is on the list: a permit they hold, a crew they are on (or lead), a lock of theirs still on. */
  kind: z.enum(['held', 'crew', 'lock']),
  step: z.enum(myWorkSteps),
  tab: z.enum(myWorkTabs),
  /** Lock cards: the lock's serial and where it is on (an isolation point's tag, or the lockbox's number). */
  lock: z.nullable(z.object({ serial: z.string(), on: z.string(), onLockbox: z.boolean() })),
});
export type MyWorkItem = z.infer<typeof myWorkItemSchema>;

export const myWorkSchema = z.object({
  items: z.array(myWorkItemSchema),
  /** The approval and issue worklists the reader may act on, with how many permits wait on each. */
  worklists: z.array(z.object({ view: z.enum(permitWorklists), count: z.int() })),
});
export type MyWork = z.infer<typeof myWorkSchema>;

/** Worklists that make someone a supervisor for the landing page: approving or issuing. */
export const supervisorWorklists = ['awaiting-approval', 'awaiting-issue'] as const satisfies PermitWorklist[];

/** Statuses where the work is over: locks and crews come off. */
const workOver: readonly PermitStatus[] = ['work_complete', 'de_isolation', 'closed', 'cancelled', 'expired'];
/** Statuses where a crew may sign on to the lockbox (the lockbox rules: isolated until the work is complete). */
const crewMaySignOn: readonly PermitStatus[] = ['isolated', 'issued', 'active', 'suspended', 'live_for_test'];

/** Lockbox facts of one permit as the reader sees them. */
export interface MyLockboxFacts {
  /** An open (not released) lockbox whose keys are deposited. */
  keysDeposited: boolean;
  /** The reader leads the open lockbox (its primary authorized employee). */
  isPrimary: boolean;
  /** The reader has a lock on the open lockbox. */
  signedOn: boolean;
  /** The permit has an open lockbox at all. */
  open: boolean;
}

/**
 * The holder's next step on a permit they hold.
 * @example heldStep('issued', noLockbox) → { step: 'accept', tab: 'permit' }
 */
export function heldStep(status: PermitStatus, box: MyLockboxFacts): { step: MyWorkStep; tab: MyWorkTab } {
  if (status === 'issued') return { step: 'accept', tab: 'permit' };
  if (status === 'active' && box.open && box.keysDeposited && !box.signedOn)
    return { step: 'sign-on', tab: 'crew-sign-on' };
  if (status === 'active') return { step: 'hand-over', tab: 'permit' };
  return { step: 'none', tab: 'permit' };
}

/**
 * A crew card's next step: the lockbox's lead deposits the keys first; anyone on the crew signs off
 * once the work is over, or before leaving while it goes on; the lead not yet signed on signs on.
 */
export function crewStep(status: PermitStatus, box: MyLockboxFacts): { step: MyWorkStep; tab: MyWorkTab } {
  const tab = 'crew-sign-on';
  if (box.isPrimary && !box.keysDeposited) return { step: 'deposit-keys', tab };
  if (box.signedOn) return { step: workOver.includes(status) ? 'sign-off-done' : 'sign-off-leaving', tab };
  if (crewMaySignOn.includes(status)) return { step: 'sign-on', tab };
  return { step: 'none', tab };
}

/** A lock card's next step: off once the work is over, else it stays on (on a lockbox, it comes off by signing off). */
export function lockStep(status: PermitStatus, onLockbox: boolean): { step: MyWorkStep; tab: MyWorkTab } {
  const tab = onLockbox ? 'crew-sign-on' : 'isolation-plan';
  return { step: workOver.includes(status) ? 'remove-lock' : 'keep-lock', tab };
}
