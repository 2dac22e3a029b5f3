/**
 * The seed's rule for `/`: dashboards when online and the facility's CustomDashboards module is on,
 * otherwise announcements (always when offline).
 */
export function rootRedirectTarget({ online, customDashboards }: { online: boolean; customDashboards: boolean }) {
  return online && customDashboards ? '/dashboards' : '/announcements';
}

/** `/dashboards` is reachable only when `/` would lead there. */
export function canOpenDashboards(options: { online: boolean; customDashboards: boolean }): boolean {
  return rootRedirectTarget(options) === '/dashboards';
}
