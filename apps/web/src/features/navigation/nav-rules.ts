import {
  permitPermission,
  rightNavEntries,
  rightNavPermission,
  type NavGroup,
  type NavLink,
  type RightNavId,
  type SecuritySettings,
} from '@hasp/contracts';

export interface RightNavItem {
  id: RightNavId;
  entry: string;
  route: string;
  /** False when the user lacks `rightnav:<id>`: shown, but not usable. */
  enabled: boolean;
}

/** A run of right-nav entries under one group heading; `group` is null for a single entry. */
export interface RightNavSection {
  group: string | null;
  items: RightNavItem[];
}

/**
 * The right nav as this user sees it in this facility: the seed's table in its order, each entry
 * shown only when its security setting is on, and enabled only with its right-nav permission.
 * @example rightNavSections({ translations: true }, ['rightnav:translations'])
 *   // [{ group: null, items: [{ id: 'translations', entry: 'Translations', route: '/translations', enabled: true }] }]
 */
export function rightNavSections(settings: SecuritySettings, permissions: readonly string[]): RightNavSection[] {
  const granted = new Set(permissions);
  const sections: RightNavSection[] = [];
  for (const { id, group, entry, route } of rightNavEntries) {
    if (settings[id] !== true) continue;
    const item: RightNavItem = { id, entry, route, enabled: granted.has(rightNavPermission(id)) };
    const last = sections.at(-1);
    if (group !== null && last?.group === group) last.items.push(item);
    else sections.push({ group, items: [item] });
  }
  return sections;
}

const offlineTypes: ReadonlySet<NavLink['itemType']> = new Set(['offlineCreate', 'offlineIndex']);

/** Whether a link works offline (only the offline create and index pages do). */
export function isOfflineLink(link: NavLink): boolean {
  return offlineTypes.has(link.itemType);
}

/**
 * The sidebar's groups as the user may see them. Offline create links are left out unless the user
 * holds `permit:create-offline:<type>` (the server already leaves them out; this is the second
 * lock). Groups with no links left are dropped.
 */
export function visibleNavGroups(groups: readonly NavGroup[], permissions: readonly string[]): NavGroup[] {
  const granted = new Set(permissions);
  return groups
    .map((group) => ({
      ...group,
      links: group.links.filter(
        (link) =>
          link.itemType !== 'offlineCreate' ||
          (link.permitTypeCode !== null && granted.has(permitPermission('create-offline', link.permitTypeCode))),
      ),
    }))
    .filter((group) => group.links.length > 0);
}

/** A link can be followed when the server enabled it and, while offline, when it works offline. */
export function isLinkUsable(link: NavLink, online: boolean): boolean {
  return link.enabled && (online || isOfflineLink(link));
}

/** The icon of a permit type, from the links that carry it. */
export function permitTypeIcon(groups: readonly NavGroup[] | undefined, code: string): string | null {
  for (const group of groups ?? []) {
    const link = group.links.find((l) => l.permitTypeCode === code);
    if (link) return link.icon;
  }
  return null;
}

/** The display name of a permit type, from its index link ("LOTO Permit Index" → "LOTO Permit"). */
export function permitTypeName(groups: readonly NavGroup[] | undefined, code: string): string | null {
  for (const group of groups ?? []) {
    const link = group.links.find((l) => l.permitTypeCode === code && l.itemType === 'index');
    if (link) return link.name.replace(/ Index$/, '');
  }
  return null;
}
