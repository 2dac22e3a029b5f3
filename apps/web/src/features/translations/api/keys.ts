/** Every translations query key, in one place: the save mutation updates rows by these. */
export const translationKeys = {
  all: ['translations'] as const,
  rows: (connection: string, languageId: number) => [...translationKeys.all, 'rows', connection, languageId] as const,
};
