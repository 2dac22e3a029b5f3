import { describe, expect, it } from 'vitest';
import { buildPermissionCatalogue } from '@hasp/contracts';
import { permissionSections, samePermissions } from './permission-sections';

describe('permissionSections', () => {
  const catalogue = buildPermissionCatalogue([
    { code: 'LOTO', name: 'LOTO Permit' },
    { code: 'HOT', name: 'Hot Work' },
  ]);

  it('groups right-nav permissions by menu group, single entries last', () => {
    const { rightNav } = permissionSections(catalogue);
    expect(rightNav.map((s) => s.title)).toEqual([
      'Administrator',
      'Settings Manager',
      'Security',
      'Asset',
      'Master List',
      'Print Manage',
      'Settings',
      null,
    ]);
    expect(rightNav.at(-1)!.entries.map((e) => e.label)).toEqual(['Translations', 'Hasp Connect']);
    expect(rightNav.flatMap((s) => s.entries)).toHaveLength(24);
  });

  it('gives each permit type its section with every action', () => {
    const { permitTypes } = permissionSections(catalogue);
    expect(permitTypes.map((s) => s.title)).toEqual(['LOTO Permit', 'Hot Work']);
    expect(permitTypes[1]!.entries.map((e) => e.permission)).toEqual([
      'permit:view:HOT',
      'permit:create:HOT',
      'permit:create-offline:HOT',
      'permit:approve:HOT',
      'permit:issue:HOT',
    ]);
    expect(permitTypes[1]!.entries[0]!.description).toBe('See Hot Work permits and their history.');
  });

  it('puts the lockout/tagout permissions in their own section, not under a permit type', () => {
    const { loto, permitTypes } = permissionSections(catalogue);
    expect(loto.entries.map((e) => [e.permission, e.label])).toEqual([
      ['loto:remove-abandoned', 'Remove abandoned locks and tags'],
      ['offline:supervise', 'Supervise offline sync'],
      ['gas:test', 'Test gas'],
    ]);
    expect(loto.entries[0]!.description).toContain('OSHA 1910.147 (e)(3)');
    expect(permitTypes.flatMap((s) => s.entries).some((e) => e.kind === 'loto')).toBe(false);
  });
});

describe('samePermissions', () => {
  it('ignores order', () => {
    expect(samePermissions(['a', 'b'], ['b', 'a'])).toBe(true);
    expect(samePermissions(['a'], ['a', 'b'])).toBe(false);
  });
});
