import type { Transaction } from 'kysely';
import { permitPermission, permitTypeActions, rightNavIds, rightNavPermission, type Permission } from '@hasp/contracts';
import type { Database } from '../schema';

export const demoPermitGroups = [
  {
    name: 'Isolation',
    icon: 'lock',
    types: [
      {
        code: 'LOTO',
        name: 'LOTO Permit',
        icon: 'lock',
        color: '#c92a2a',
        prefix: 'LOTO-',
        offline: true,
        sections: ['isolation-plan', 'hazard-analysis', 'questions', 'crew-sign-on'],
        maxValidityHours: 24,
      },
      {
        code: 'LTI',
        name: 'Long-Term Isolation',
        icon: 'lock-clock',
        color: '#e8590c',
        prefix: 'LTI-',
        offline: false,
        // Long-term isolations stay in place for weeks, e.g. equipment out of service: 90 days.
        sections: ['isolation-plan', 'questions', 'crew-sign-on'],
        maxValidityHours: 2160,
      },
    ],
  },
  {
    name: 'Work Permits',
    icon: 'clipboard',
    types: [
      {
        code: 'HOT',
        name: 'Hot Work',
        icon: 'flame',
        color: '#f08c00',
        prefix: 'HW-',
        offline: false,
        sections: ['hazard-analysis', 'questions', 'gas-tests'],
        maxValidityHours: 12,
      },
      {
        code: 'CSE',
        name: 'Confined Space Entry',
        icon: 'box',
        color: '#5f3dc4',
        prefix: 'CSE-',
        offline: false,
        sections: ['isolation-plan', 'hazard-analysis', 'questions', 'gas-tests', 'crew-sign-on'],
        maxValidityHours: 8,
      },
      {
        code: 'ELEC',
        name: 'Electrical Work',
        icon: 'bolt',
        color: '#1971c2',
        prefix: 'EW-',
        offline: false,
        sections: ['isolation-plan', 'hazard-analysis', 'questions', 'crew-sign-on'],
        maxValidityHours: 12,
      },
      {
        code: 'GEN',
        name: 'General Work',
        icon: 'tool',
        color: '#2b8a3e',
        prefix: 'GW-',
        offline: true,
        sections: ['hazard-analysis', 'questions'],
        maxValidityHours: 24,
      },
    ],
  },
] as const;

const allTypes = demoPermitGroups.flatMap((g) => g.types.map((t) => t.code));
const offlineTypes = ['LOTO', 'GEN'];

/** What each demo group may do. */
const groupPermissions: Record<string, Permission[]> = {
  Administrators: [
    ...rightNavIds.map(rightNavPermission),
    ...allTypes.flatMap((code) => permitTypeActions.map((action) => permitPermission(action, code))),
  ],
  Supervisors: [
    ...(
      ['asset-manage', 'component-manage', 'lock-manage', 'announcement-manage', 'print-list', 'report-files'] as const
    ).map(rightNavPermission),
    ...allTypes.flatMap((code) =>
      (['view', 'create', 'approve', 'issue'] as const).map((a) => permitPermission(a, code)),
    ),
    ...offlineTypes.map((code) => permitPermission('create-offline', code)),
  ],
  'Authorized Workers': [
    ...allTypes.map((code) => permitPermission('view', code)),
    permitPermission('create', 'LOTO'),
    permitPermission('create', 'GEN'),
    permitPermission('create-offline', 'LOTO'),
  ],
  Contractors: allTypes.map((code) => permitPermission('view', code)),
};

/** Per facility: settings, right-nav features switched off, permit groups and types. */
const facilityProfiles = [
  {
    settings: { login_timeout: 30, info_url: 'https://www.osha.gov/control-hazardous-energy', custom_dashboards: true },
    disabledFeatures: [] as string[],
  },
  {
    settings: { login_timeout: 15, info_url: '', custom_dashboards: false },
    disabledFeatures: ['import-manage', 'connect'],
  },
];

/** Seeds permit types, group permissions, facility and security settings for the demo facilities. */
export async function seedDemoPermitsAndSettings(trx: Transaction<Database>, facilityIds: number[]): Promise<void> {
  for (const [index, facilityId] of facilityIds.entries()) {
    const profile = facilityProfiles[index] ?? facilityProfiles[0]!;
    await trx
      .insertInto('facility_settings')
      .values({ facility_id: facilityId, ...profile.settings })
      .onConflict((oc) => oc.column('facility_id').doNothing())
      .execute();
    await trx
      .insertInto('facility_security_settings')
      .values(
        rightNavIds.map((feature) => ({
          facility_id: facilityId,
          feature,
          enabled: !profile.disabledFeatures.includes(feature),
        })),
      )
      .onConflict((oc) => oc.columns(['facility_id', 'feature']).doNothing())
      .execute();
    for (const [groupOrder, group] of demoPermitGroups.entries()) {
      const { id: groupId } = await trx
        .insertInto('permit_groups')
        .values({ facility_id: facilityId, name: group.name, icon: group.icon, sort_order: groupOrder })
        .onConflict((oc) => oc.columns(['facility_id', 'name']).doUpdateSet({ icon: group.icon }))
        .returning('id')
        .executeTakeFirstOrThrow();
      await trx
        .insertInto('permit_types')
        .values(
          group.types.map((type, order) => ({
            facility_id: facilityId,
            permit_group_id: groupId,
            code: type.code,
            name: type.name,
            icon: type.icon,
            color: type.color,
            prefix: type.prefix,
            offline_enabled: type.offline,
            sort_order: order,
          })),
        )
        .onConflict((oc) => oc.columns(['facility_id', 'code']).doNothing())
        .execute();
    }
    const groups = await trx
      .selectFrom('groups')
      .select(['id', 'name'])
      .where('facility_id', '=', facilityId)
      .execute();
    const rows = groups.flatMap((g) =>
      (groupPermissions[g.name] ?? []).map((permission) => ({ group_id: g.id, permission })),
    );
    if (rows.length)
      await trx
        .insertInto('group_permissions')
        .values(rows)
        .onConflict((oc) => oc.doNothing())
        .execute();
  }
}

/** The sections and maximum validity of the demo permit types (a later seed step than the types). */
export async function seedDemoPermitTypeConfig(trx: Transaction<Database>, facilityIds: number[]): Promise<void> {
  if (!facilityIds.length) return;
  const types: { code: string; sections: readonly string[]; maxValidityHours: number }[] = demoPermitGroups.flatMap(
    (g): { code: string; sections: readonly string[]; maxValidityHours: number }[] => [...g.types],
  );
  for (const type of types) {
    await trx
      .updateTable('permit_types')
      .set({ sections: [...type.sections], max_validity_hours: type.maxValidityHours })
      .where('facility_id', 'in', facilityIds)
      .where('code', '=', type.code)
      .execute();
  }
}
