/**
 * Tags (issue 16, module `tags`): one per plan point (and per personal lock where the permit type says
 * so), numbered from the tag numbering pattern. Table `tags` (migration 2026-11-26T0900-loto). Each
 * tag's QR code opens a public status page `/t/<token>` (no sign-in; the token is revocable).
 */
export const tagStates = ['planned', 'printed', 'applied', 'verified', 'removed', 'voided', 'missing'] as const;
export type TagState = (typeof tagStates)[number];
export const tagStateLabels: Record<TagState, string> = {
  planned: 'Planned',
  printed: 'Printed',
  applied: 'Applied',
  verified: 'Verified',
  removed: 'Removed',
  voided: 'Voided',
  missing: 'Missing',
};
/** A tag in these states is on the equipment. */
export const appliedTagStates: readonly TagState[] = ['applied', 'verified'];
/** A permit closes only when every one of its tags is in one of these (the rest are listed in the refusal). */
export const finishedTagStates: readonly TagState[] = ['removed', 'voided', 'missing'];
