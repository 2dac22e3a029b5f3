import { permitPermission, type NavGroup, type NavLink } from '@hasp/contracts';

export interface PermitTypeForNav {
  groupId: number;
  groupName: string;
  groupIcon: string;
  code: string;
  name: string;
  icon: string;
  offlineEnabled: boolean;
}

/**
 * Builds the left sidebar: one group per permit group, with create and index links per type
 * (disabled without the permission) and offline links, which are left out entirely unless the
 * type works offline, the facility's OfflineMode is on and the user may create it offline.
 */
export function buildNavigation(types: PermitTypeForNav[], permissions: Set<string>, offlineMode: boolean): NavGroup[] {
  const groups = new Map<number, NavGroup>();
  for (const type of types) {
    let group = groups.get(type.groupId);
    if (!group) {
      group = {
        ID: `group-${type.groupId}`,
        name: type.groupName,
        icon: type.groupIcon,
        itemType: 'permitGroup',
        permitGroupID: type.groupId,
        links: [],
      };
      groups.set(type.groupId, group);
    }
    const link = (kind: NavLink['itemType'], name: string, url: string, enabled: boolean): NavLink => ({
      ID: `${type.code}-${kind}`,
      name,
      icon: type.icon,
      url,
      enabled,
      itemType: kind,
      permitTypeCode: type.code,
    });
    const canView = permissions.has(permitPermission('view', type.code));
    group.links.push(
      link(
        'create',
        `New ${type.name}`,
        `/Permit/Create/${type.code}`,
        permissions.has(permitPermission('create', type.code)),
      ),
    );
    group.links.push(link('index', `${type.name} Index`, `/index?permitType=${type.code}`, canView));
    if (offlineMode && type.offlineEnabled) {
      if (permissions.has(permitPermission('create-offline', type.code))) {
        group.links.push(
          link('offlineCreate', `New Offline ${type.name}`, `/offline/permit/${type.code}/create`, true),
        );
      }
      group.links.push(
        link('offlineIndex', `Offline ${type.name} Index`, `/offline/permit/${type.code}/index`, canView),
      );
    }
  }
  return [...groups.values()];
}
