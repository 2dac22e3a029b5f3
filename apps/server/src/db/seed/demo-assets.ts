import { sql, type Transaction } from 'kysely';
import type { Database } from '../schema';

/** The asset screens' master lists, as every facility starts with them (Master Lists edits them later). */
export const defaultAssetMasterLists = {
  'energy-types': ['electrical', 'pneumatic', 'hydraulic', 'mechanical', 'thermal', 'chemical', 'gravity', 'other'],
  'device-types': ['breaker', 'disconnect switch', 'valve', 'blind flange', 'plug', 'pin/block', 'chain', 'other'],
} as const;

/** Inserts the default master-list values a facility does not have yet. */
export async function seedAssetMasterLists(trx: Transaction<Database>, facilityIds: number[]): Promise<void> {
  const rows = facilityIds.flatMap((facilityId) =>
    Object.entries(defaultAssetMasterLists).flatMap(([listKey, values]) =>
      values.map((value, index) => ({
        facility_id: facilityId,
        list_key: listKey,
        value,
        sort_order: (index + 1) * 10,
      })),
    ),
  );
  if (rows.length) {
    await trx
      .insertInto('master_list_items')
      .values(rows)
      .onConflict((c) => c.columns(['facility_id', 'list_key', 'value']).doNothing())
      .execute();
  }
}

/** A small demo tree for the first facility: two areas, three assets, a press with its energy and points. */
export async function seedDemoAssets(trx: Transaction<Database>, facilityId: number): Promise<void> {
  await sql`
    with
      a1 as (insert into areas (facility_id, number, name, description)
             values (${facilityId}, 'A-100', 'Press shop', 'Stamping presses and feeders') returning id),
      a2 as (insert into areas (facility_id, parent_area_id, number, name)
             select ${facilityId}, id, 'A-110', 'Press line 1' from a1 returning id),
      p as (insert into assets (facility_id, area_id, number, description, manufacturer, location)
            select ${facilityId}, id, 'PR-001', 'Hydraulic press 400 t', 'Schuler', 'Bay 3, column C7' from a2
            returning id, area_id),
      f as (insert into assets (facility_id, area_id, parent_asset_id, number, description, manufacturer, location)
            select ${facilityId}, area_id, id, 'PR-001-F', 'Coil feeder', 'Dallas', 'Bay 3, column C6' from p returning id),
      c as (insert into components (facility_id, asset_id, number, name)
            select ${facilityId}, id, 'C-1', 'Main drive' from p returning id, asset_id),
      t as (select id, value from master_list_items where facility_id = ${facilityId}),
      es as (insert into energy_sources (facility_id, component_id, energy_type_item_id, magnitude, unit, stored_energy, description)
             select ${facilityId}, c.id, t.id, v.magnitude, v.unit, v.stored, v.description
             from c, t, (values ('electrical', 480, 'V', false, 'Main feed MCC-3'),
                                ('hydraulic', 3000, 'psi', true, 'Accumulator')) v(type, magnitude, unit, stored, description)
             where t.value = v.type returning id)
    insert into isolation_points (facility_id, component_id, asset_id, code, device_type_item_id, location,
                                  normal_position, isolated_position, lockable, tag_only_measure, verification_method)
    select ${facilityId}, c.id, c.asset_id, v.code, t.id, v.location, v.normal, v.isolated, v.lockable, v.measure, v.verify
    from c, t, (values
      ('E-1', 'disconnect switch', 'MCC-3 bucket 4', 'On', 'Off', true, '', 'Try start at the panel; test for absence of voltage'),
      ('H-1', 'valve', 'Accumulator dump valve', 'Closed', 'Open', true, '', 'Gauge PI-12 reads 0 psi'),
      ('H-2', 'valve', 'Pump suction', 'Open', 'Closed', false, 'Valve handle removed and second valve closed',
       'Gauge PI-11 reads 0 psi')) v(code, device, location, normal, isolated, lockable, measure, verify)
    where t.value = v.device
  `.execute(trx);
  await sql`
    insert into areas (facility_id, number, name, description)
    values (${facilityId}, 'A-200', 'Utilities', 'Compressors and boilers')
  `.execute(trx);
}
