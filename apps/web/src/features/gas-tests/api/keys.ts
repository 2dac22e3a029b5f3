/** The gas tests feature's query keys, in one place: commands update and invalidate by these. */
export const gasTestKeys = {
  permit: (permitId: number) => ['gas-tests', 'permit', permitId] as const,
  config: () => ['gas-tests', 'config'] as const,
};
