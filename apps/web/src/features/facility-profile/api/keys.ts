/** Query keys of the facility's profile and logo, keyed by connection and facility. */
export const facilityProfileKeys = {
  all: ['facility-profile'] as const,
  profile: (connection: string, facilityId: number) => [...facilityProfileKeys.all, connection, facilityId] as const,
  logo: (connection: string, facilityId: number, updatedAt: string) =>
    [...facilityProfileKeys.all, 'logo', connection, facilityId, updatedAt] as const,
  // Shared with the profile page's language list (same key, same answer).
};
