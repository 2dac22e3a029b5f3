/** Prefix Manage query keys. */
export const numberingKeys = {
  all: ['numbering'] as const,
};
