import * as z from 'zod/mini';

/**
 * Returned for rework (the lifecycle's `reject`): an approver or issuer sends a Requested or
 * Approved permit back to its requester as a Draft, with a reason from the facility's "Rejection
 * reasons" master list and a note. The permit keeps these facts, shown on its page, until its
 * requester requests it again.
 */

/** The master list the reasons are picked from. */
export const REJECTION_REASONS_LIST = 'rejection-reasons';

/** The item whose value is this (ignoring case) says nothing by itself: the note must. */
export const REJECTION_REASON_OTHER = 'Other';

/** Does this reason (its master-list value) need a note to say what is wrong? */
export const rejectionNoteRequired = (reasonValue: string) =>
  reasonValue.trim().toLowerCase() === REJECTION_REASON_OTHER.toLowerCase();

/** Who returned the permit, when, why (the item as a record shows it: kept when deactivated later) and the note. */
export const permitReturnSchema = z.object({
  by: z.object({ ID: z.int(), displayName: z.string() }),
  at: z.string(),
  reason: z.object({ ID: z.int(), value: z.string(), caption: z.string() }),
  /** Empty when none was given. */
  note: z.string(),
});
export type PermitReturn = z.infer<typeof permitReturnSchema>;
