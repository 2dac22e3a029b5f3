import { describe, expect, it } from 'vitest';
import { rightNavEntries, rightNavIds, type NavGroup, type SecuritySettings } from '@hasp/contracts';
import { isLinkUsable, permitTypeIcon, rightNavSections, visibleNavGroups } from './nav-rules';

const allOn = Object.fromEntries(rightNavIds.map((id) => [id, true])) as SecuritySettings;
const allPermissions = rightNavIds.map((id) => `rightnav:${id}`);

describe('rightNavSections', () => {
  it("keeps the seed's table exactly: groups, entries and routes in order, single entries without a group", () => {
    const sections = rightNavSections(allOn, allPermissions);
    expect(sections.map((s) => [s.group, s.items.map((i) => i.entry)])).toEqual([
      ['Administrator', ['Administrator']],
      ['Settings Manager', ['Settings Manager']],
      ['Security', ['User Manage', 'Group Manage', 'Security Lists', 'NEW User Management']],
      ['Asset', ['Asset Manage', 'Component Manage', 'Import Manage', 'Lock Manage']],
      [
        'Master List',
        [
          'Master List Manage',
          'Prefix Manage',
          'Question Manage',
          'Announcement Manage',
          'Notification Template Manage',
          'Tag Report Manage',
        ],
      ],
      ['Print Manage', ['Print List', 'Print Settings', 'Report Settings', 'Report Files']],
      [null, ['Translations']],
      ['Settings', ['Facility Settings', 'Settings Table']],
      [null, ['Hasp Connect']],
    ]);
    expect(sections.flatMap((s) => s.items.map((i) => i.route))).toEqual(rightNavEntries.map((e) => e.route));
    expect(sections.every((s) => s.items.every((i) => i.enabled))).toBe(true);
  });

  it('hides an entry whose security setting is off (or missing) for the facility', () => {
    const { translations: _missing, ...rest } = allOn;
    const settings = { ...rest, 'import-manage': false, connect: false } as SecuritySettings;
    const entries = rightNavSections(settings, allPermissions).flatMap((s) => s.items.map((i) => i.entry));
    expect(entries).not.toContain('Import Manage');
    expect(entries).not.toContain('Hasp Connect');
    expect(entries).not.toContain('Translations');
    expect(entries).toHaveLength(rightNavEntries.length - 3);
  });

  it('drops a group whose entries are all hidden', () => {
    const settings = { ...allOn, 'print-list': false, 'print-settings': false } as SecuritySettings;
    Object.assign(settings, { 'report-settings': false, 'report-files': false });
    expect(rightNavSections(settings, allPermissions).map((s) => s.group)).not.toContain('Print Manage');
  });

  it('shows an entry without its right-nav permission as disabled', () => {
    const supervisor = ['rightnav:asset-manage', 'rightnav:print-list', 'permit:view:LOTO'];
    const items = rightNavSections(allOn, supervisor).flatMap((s) => s.items);
    expect(items).toHaveLength(rightNavEntries.length);
    expect(items.filter((i) => i.enabled).map((i) => i.id)).toEqual(['asset-manage', 'print-list']);
    expect(items.find((i) => i.id === 'user-manage')).toMatchObject({ enabled: false, route: '/security/user-manage' });
  });
});

const groups: NavGroup[] = [
  {
    ID: 'group-1',
    name: 'Isolation',
    icon: 'lock',
    itemType: 'permitGroup',
    permitGroupID: 1,
    links: [
      link('LOTO', 'create', '/Permit/Create/LOTO'),
      link('LOTO', 'index', '/index?permitType=LOTO'),
      link('LOTO', 'offlineCreate', '/offline/permit/LOTO/create'),
      link('LOTO', 'offlineIndex', '/offline/permit/LOTO/index'),
    ],
  },
  {
    ID: 'group-2',
    name: 'Only offline create',
    icon: 'clipboard',
    itemType: 'permitGroup',
    permitGroupID: 2,
    links: [link('GEN', 'offlineCreate', '/offline/permit/GEN/create')],
  },
];

function link(code: string, itemType: NavGroup['links'][number]['itemType'], url: string, enabled = true) {
  return {
    ID: `${code}-${itemType}`,
    name: `${code} ${itemType}`,
    icon: 'lock',
    url,
    enabled,
    itemType,
    permitTypeCode: code,
  };
}

describe('visibleNavGroups', () => {
  it('hides offline create links without permit:create-offline for that type, and empty groups', () => {
    const visible = visibleNavGroups(groups, ['permit:create-offline:GEN']);
    expect(visible[0]!.links.map((l) => l.itemType)).toEqual(['create', 'index', 'offlineIndex']);
    expect(visible[1]!.links.map((l) => l.url)).toEqual(['/offline/permit/GEN/create']);
    expect(visibleNavGroups(groups, []).map((g) => g.name)).toEqual(['Isolation']);
  });

  it('keeps offline create links the user may use', () => {
    const visible = visibleNavGroups(groups, ['permit:create-offline:LOTO']);
    expect(visible[0]!.links.map((l) => l.itemType)).toContain('offlineCreate');
  });
});

describe('isLinkUsable', () => {
  it('follows the server’s enabled flag, and offline only the offline links work', () => {
    const [create, , offlineCreate] = groups[0]!.links;
    expect(isLinkUsable(create!, true)).toBe(true);
    expect(isLinkUsable({ ...create!, enabled: false }, true)).toBe(false);
    expect(isLinkUsable(create!, false)).toBe(false);
    expect(isLinkUsable(offlineCreate!, false)).toBe(true);
  });
});

describe('permitTypeIcon', () => {
  it('finds the icon of a permit type in the navigation', () => {
    expect(permitTypeIcon(groups, 'LOTO')).toBe('lock');
    expect(permitTypeIcon(groups, 'NOPE')).toBeNull();
  });
});
