import type { Kysely, Transaction } from 'kysely';
import type { FacilitySettings, SecuritySettings } from '@hasp/contracts';
import { rightNavIds } from '@hasp/contracts';
import type { Database, Db } from '../../db/schema';

/** Defaults for a facility that has no settings row yet. */
const defaults = { login_timeout: 10, info_url: '', offline_mode: true, custom_dashboards: false, notifications: true };

/** The facility's settings in the seed's shape; prefixes and offline types come from its permit types. */
export async function findFacilitySettings(db: Db, facilityId: number): Promise<FacilitySettings> {
  const [row, types] = await Promise.all([
    db.selectFrom('facility_settings').selectAll().where('facility_id', '=', facilityId).executeTakeFirst(),
    db
      .selectFrom('permit_types')
      .select(['code', 'prefix', 'offline_enabled'])
      .where('facility_id', '=', facilityId)
      .where('is_active', '=', true)
      .orderBy('sort_order')
      .execute(),
  ]);
  const s = row ?? defaults;
  return {
    generalSettings: { loginTimeout: s.login_timeout, infoUrl: s.info_url },
    moduleSettings: {
      OfflineMode: s.offline_mode,
      CustomDashboards: s.custom_dashboards,
      Notifications: s.notifications,
    },
    offlinePermitTypes: types.filter((t) => t.offline_enabled).map((t) => t.code),
    prefixes: Object.fromEntries(types.map((t) => [t.code, t.prefix])),
  };
}

/** Which right-nav features the facility has switched on; a feature with no row is off. */
export async function findSecuritySettings(db: Kysely<Database>, facilityId: number): Promise<SecuritySettings> {
  const rows = await db
    .selectFrom('facility_security_settings')
    .select(['feature', 'enabled'])
    .where('facility_id', '=', facilityId)
    .execute();
  const enabled = new Map(rows.map((r) => [r.feature, r.enabled]));
  return Object.fromEntries(rightNavIds.map((id) => [id, enabled.get(id) ?? false])) as SecuritySettings;
}

/** The facility's active permit types, in menu order: the ones its settings may name. */
export function listFacilityPermitTypes(db: Db, facilityId: number) {
  return db
    .selectFrom('permit_types')
    .select(['id', 'code', 'name', 'prefix', 'offline_enabled'])
    .where('facility_id', '=', facilityId)
    .where('is_active', '=', true)
    .orderBy('sort_order')
    .orderBy('id')
    .execute();
}

/**
 * Stores a validated settings change: the general and module settings in facility_settings, the
 * offline switch and prefix on each permit type. Prefixes not named keep their value.
 */
export async function saveFacilitySettings(
  trx: Transaction<Database>,
  facilityId: number,
  settings: FacilitySettings,
): Promise<void> {
  const values = {
    login_timeout: settings.generalSettings.loginTimeout,
    info_url: settings.generalSettings.infoUrl,
    offline_mode: settings.moduleSettings.OfflineMode,
    custom_dashboards: settings.moduleSettings.CustomDashboards,
    notifications: settings.moduleSettings.Notifications,
  };
  await trx
    .insertInto('facility_settings')
    .values({ facility_id: facilityId, ...values })
    .onConflict((oc) => oc.column('facility_id').doUpdateSet(values))
    .execute();
  for (const type of await listFacilityPermitTypes(trx, facilityId)) {
    const offline = settings.offlinePermitTypes.includes(type.code);
    const prefix = settings.prefixes[type.code] ?? type.prefix;
    if (offline === type.offline_enabled && prefix === type.prefix) continue;
    await trx
      .updateTable('permit_types')
      .set({ offline_enabled: offline, prefix })
      .where('id', '=', type.id)
      .where('facility_id', '=', facilityId)
      .execute();
  }
}
