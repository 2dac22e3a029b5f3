import * as z from 'zod/mini';

/**
 * Shift change (1910.147 (f)(4)): the lifecycle's `hand-over` carries the outgoing holder's notes —
 * abnormal conditions, the work left, which locks stay on — and the incoming holder's signed
 * acceptance acknowledges them. Each handover is kept: the permit's handover log (its page, its PDF).
 * GET /api/permits/:id/handovers answers the log, oldest first.
 */

const person = z.object({ ID: z.int(), displayName: z.string() });

export const permitHandoverSchema = z.object({
  ID: z.int(),
  /** The outgoing holder (null when the permit had none: the issuing authority named the first). */
  from: z.nullable(person),
  to: person,
  /** Who gave the hand-over (the outgoing holder, or the issuing authority), and when (server time). */
  by: person,
  at: z.string(),
  abnormalConditions: z.string(),
  workRemaining: z.string(),
  /** The locks on the permit that stay on, as they were named then. */
  locksStaying: z.array(z.object({ ID: z.int(), serial: z.string() })),
  /** The incoming holder's signed acceptance that acknowledged the notes; null until then. */
  acknowledged: z.nullable(z.object({ by: person, at: z.string() })),
});
export type PermitHandover = z.infer<typeof permitHandoverSchema>;
export const permitHandoversSchema = z.array(permitHandoverSchema);
