/**
 * Query keys of the settings screens. Keyed by connection and facility so a second sign-in in the
 * same tab never sees the first one's answers.
 */
export const adminSettingsKeys = {
  all: ['admin-settings'] as const,
  facility: (connection: string, facilityId: number) =>
    [...adminSettingsKeys.all, 'facility', connection, facilityId] as const,
  table: (connection: string, facilityId: number) =>
    [...adminSettingsKeys.all, 'table', connection, facilityId] as const,
};
