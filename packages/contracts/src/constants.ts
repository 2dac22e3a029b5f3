/** The seed specification's business constants (section 9). */
export const FACILITY_NAME_MAX = 25;
export const SIDEBAR_WIDTH_PX = 250;
export const NOTIFICATIONS_PANEL_WIDTH_PX = 425;
export const SIDEBAR_ANIMATION_MS = 400;
export const TOAST_AUTO_CLOSE_MS = 6000;
export const ACTIVITY_THROTTLE_MS = 1000;
export const DEFAULT_LOGIN_TIMEOUT_MIN = 10;
export const OFFLINE_LOGIN_TIMEOUT_MIN = 1440;

/** Session-storage keys the seed persists (section 3), and the local-storage keys. */
export const sessionKeys = [
  'childPageTitle',
  'connectionStringName',
  'facility',
  'facilityId',
  'facilityName',
  'pageTitle',
  'user',
  'loggedInViaSSO',
  'showTopbar',
] as const;
export type SessionKey = (typeof sessionKeys)[number];
export const localKeys = {
  lastFacilityId: 'lastFacilityId',
  lastConnectionStringName: 'lastConnectionStringName',
} as const;

/** Truncates a facility name the way the top bar shows it. */
export function truncateFacilityName(name: string): string {
  return name.length > FACILITY_NAME_MAX ? `${name.slice(0, FACILITY_NAME_MAX)}…` : name;
}

/**
 * How far ahead of the server's clock a device's clock may run (a phone's drift): a time a device
 * gives up to this much in the future is taken as is; later than that is refused as a wrong clock
 * or a typing error (a gas test's measured time, an attempt to reach a lock's applier).
 */
export const DEVICE_CLOCK_ALLOWANCE_MINUTES = 5;
