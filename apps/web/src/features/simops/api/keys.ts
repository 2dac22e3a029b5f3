/** The SIMOPS feature's query keys, in one place: commands update and invalidate by these. */
export const simopsKeys = {
  rules: () => ['simops', 'rules'] as const,
  permit: (permitId: number) => ['simops', 'permit', permitId] as const,
};
