import type { PermissionCatalogueEntry } from '@hasp/contracts';

export interface PermissionSection {
  /** Stable key: the right-nav group, `single` for entries without one, or the permit type's code. */
  key: string;
  /** The right-nav group or permit type name; null for the right-nav entries without a group. */
  title: string | null;
  entries: PermissionCatalogueEntry[];
}

/**
 * The catalogue as the matrix shows it: right-nav permissions by their menu group (single entries
 * together at the end, as the right nav has them apart), then one section per permit type, then
 * the lockout/tagout permissions.
 */
export function permissionSections(catalogue: PermissionCatalogueEntry[]): {
  rightNav: PermissionSection[];
  permitTypes: PermissionSection[];
  /** The lockout/tagout permissions: one section, empty when the catalogue has none. */
  loto: PermissionSection;
} {
  const loto: PermissionSection = { key: 'loto', title: null, entries: [] };
  const rightNav = new Map<string, PermissionSection>();
  const permitTypes = new Map<string, PermissionSection>();
  for (const entry of catalogue) {
    if (entry.kind === 'rightnav') {
      const key = entry.group ?? 'single';
      const section = rightNav.get(key) ?? { key, title: entry.group, entries: [] };
      section.entries.push(entry);
      rightNav.set(key, section);
    } else if (entry.kind === 'loto') {
      loto.entries.push(entry);
    } else if (entry.permitType) {
      const key = entry.permitType.code;
      const section = permitTypes.get(key) ?? { key, title: entry.permitType.name, entries: [] };
      section.entries.push(entry);
      permitTypes.set(key, section);
    }
  }
  const grouped = [...rightNav.values()];
  return {
    rightNav: [...grouped.filter((s) => s.title !== null), ...grouped.filter((s) => s.title === null)],
    permitTypes: [...permitTypes.values()],
    loto,
  };
}

/** Whether two permission lists grant the same (order does not matter). */
export function samePermissions(a: readonly string[], b: readonly string[]): boolean {
  if (a.length !== b.length) return false;
  const set = new Set(a);
  return b.every((p) => set.has(p));
}
