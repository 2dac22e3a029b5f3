import { describe, expect, it } from 'vitest';
import { buildNavigation, type PermitTypeForNav } from './build-navigation';

const loto: PermitTypeForNav = {
  groupId: 1,
  groupName: 'Isolation',
  groupIcon: 'lock',
  code: 'LOTO',
  name: 'LOTO Permit',
  icon: 'lock',
  offlineEnabled: true,
};
const hot: PermitTypeForNav = {
  groupId: 2,
  groupName: 'Work Permits',
  groupIcon: 'clipboard',
  code: 'HOT',
  name: 'Hot Work',
  icon: 'flame',
  offlineEnabled: false,
};

describe('left sidebar navigation', () => {
  it('hides the offline create link without the create-offline permission for that type', () => {
    const [group] = buildNavigation([loto], new Set(['permit:view:LOTO', 'permit:create:LOTO']), true);
    expect(group!.links.map((l) => l.itemType)).toEqual(['create', 'index', 'offlineIndex']);
  });

  it('shows it with the permission, and disables links the user may not use', () => {
    const [group] = buildNavigation([loto], new Set(['permit:create-offline:LOTO']), true);
    expect(group!.links.map((l) => [l.itemType, l.enabled])).toEqual([
      ['create', false],
      ['index', false],
      ['offlineCreate', true],
      ['offlineIndex', false],
    ]);
    expect(group!.links[2]).toMatchObject({ name: 'New Offline LOTO Permit', url: '/offline/permit/LOTO/create' });
  });

  it('leaves offline links out when the facility has OfflineMode off or the type is online-only', () => {
    expect(
      buildNavigation([loto], new Set(['permit:create-offline:LOTO']), false)[0]!.links.map((l) => l.itemType),
    ).toEqual(['create', 'index']);
    expect(buildNavigation([hot], new Set(['permit:create-offline:HOT']), true)[0]!.links).toHaveLength(2);
  });

  it('keeps one group per permit group in order, with the seed fields', () => {
    const groups = buildNavigation([loto, hot], new Set(), true);
    expect(groups.map((g) => [g.ID, g.name, g.icon, g.itemType, g.permitGroupID])).toEqual([
      ['group-1', 'Isolation', 'lock', 'permitGroup', 1],
      ['group-2', 'Work Permits', 'clipboard', 'permitGroup', 2],
    ]);
  });
});
