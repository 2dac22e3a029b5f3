/** The crew section's query keys, in one place: commands update and invalidate by these. */
export const lockboxKeys = {
  lockbox: (permitId: number) => ['lockboxes', 'permit', permitId] as const,
};
