/** Security Lists query keys. */
export const securityListsKeys = {
  all: ['security-lists'] as const,
};
