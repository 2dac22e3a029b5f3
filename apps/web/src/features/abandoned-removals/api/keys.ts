/** Every abandoned-removals query key, in one place: mutations invalidate by these. */
export const abandonedRemovalKeys = {
  all: ['abandoned-removals'] as const,
  mine: () => [...abandonedRemovalKeys.all, 'mine'] as const,
  candidates: (permitId: number) => [...abandonedRemovalKeys.all, 'candidates', permitId] as const,
};
