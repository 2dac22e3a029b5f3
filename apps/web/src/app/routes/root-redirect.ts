/**
 * Where `/` leads. Online, someone with work of their own or worklists lands on "My work today"
 * (decision 0104); anyone else by the seed's rule: dashboards when online and the facility's
 * CustomDashboards module is on, otherwise announcements (always when offline).
 */
export function rootRedirectTarget({
  online,
  customDashboards,
  hasWork = false,
}: {
  online: boolean;
  customDashboards: boolean;
  hasWork?: boolean;
}) {
  if (online && hasWork) return '/my-work';
  return online && customDashboards ? '/dashboards' : '/announcements';
}

/** `/dashboards` is reachable whenever the seed's rule would lead there (online, CustomDashboards on). */
export function canOpenDashboards({ online, customDashboards }: { online: boolean; customDashboards: boolean }) {
  return online && customDashboards;
}
