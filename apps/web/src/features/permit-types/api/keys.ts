/** Permit types query keys. */
export const permitTypesKeys = {
  all: ['permit-types'] as const,
};
