import { sql, type Transaction } from 'kysely';
import type { Database } from '../../db/schema';
import type { ImportPlan } from './import-validate';

/** Rows per statement: arrays of this size keep each statement well under a second and memory flat. */
const BATCH = 10_000;

function* batches<T>(rows: T[]): Generator<T[]> {
  for (let i = 0; i < rows.length; i += BATCH) yield rows.slice(i, i + BATCH);
}
type Cell = string | number | boolean | null;

/**
 * One column of a batch as a PostgreSQL array literal (cast to its array type in the SQL), built
 * with one join. Handing pg a JS array instead makes it build the literal element by element by
 * string concatenation: 126 MB of garbage for the 100,000-row bench import, which raised its peak RSS.
 * Quoted elements need only `\` and `"` escaped; NULL is unquoted.
 */
function column<T>(rows: T[], pick: (row: T) => Cell): string {
  const parts = new Array<string>(rows.length);
  for (let i = 0; i < rows.length; i++) {
    const value = pick(rows[i]!);
    parts[i] =
      value === null
        ? 'NULL'
        : typeof value === 'string'
          ? `"${value.replace(/[\\"]/g, '\\$&')}"`
          : typeof value === 'boolean'
            ? value
              ? 't'
              : 'f'
            : String(value);
  }
  return `{${parts.join(',')}}`;
}

/**
 * Writes a validated plan: creates or updates by number, kind after kind, each kind in batches of
 * unnest()-ed arrays (one statement per batch, not one per row). Runs inside the caller's transaction.
 */
export async function writeImportPlan(trx: Transaction<Database>, facilityId: number, plan: ImportPlan): Promise<void> {
  for (const rows of batches(plan.areas)) {
    await sql`
      insert into areas (facility_id, number, name, description)
      select ${facilityId}, u.number, u.name, u.description
      from unnest(${column(rows, (r) => r.number)}::text[], ${column(rows, (r) => r.name)}::text[],
                  ${column(rows, (r) => r.description)}::text[]) u(number, name, description)
      on conflict (facility_id, number) do update
        set name = excluded.name, description = excluded.description, version = areas.version + 1, updated_at = now()
        where (areas.name, areas.description) is distinct from (excluded.name, excluded.description)`.execute(trx);
  }
  for (const rows of batches(plan.areas)) {
    await sql`
      update areas a set parent_area_id = p.id, version = a.version + 1, updated_at = now()
      from unnest(${column(rows, (r) => r.number)}::text[], ${column(rows, (r) => r.parentNumber)}::text[]) u(number, parent)
      left join areas p on p.facility_id = ${facilityId} and p.number = u.parent
      where a.facility_id = ${facilityId} and a.number = u.number and a.parent_area_id is distinct from p.id`.execute(
      trx,
    );
  }

  for (const rows of batches(plan.assets)) {
    await sql`
      insert into assets (facility_id, area_id, number, description, manufacturer, location, loto_required, status)
      select ${facilityId}, ar.id, u.number, u.description, u.manufacturer, u.location, u.loto, u.status
      from unnest(${column(rows, (r) => r.number)}::text[], ${column(rows, (r) => r.areaNumber)}::text[],
                  ${column(rows, (r) => r.description)}::text[], ${column(rows, (r) => r.manufacturer)}::text[],
                  ${column(rows, (r) => r.location)}::text[], ${column(rows, (r) => r.lotoRequired)}::boolean[],
                  ${column(rows, (r) => r.status)}::text[])
        u(number, area_number, description, manufacturer, location, loto, status)
      join areas ar on ar.facility_id = ${facilityId} and ar.number = u.area_number
      on conflict (facility_id, number) do update
        set area_id = excluded.area_id, description = excluded.description, manufacturer = excluded.manufacturer,
            location = excluded.location, loto_required = excluded.loto_required, status = excluded.status,
            version = assets.version + 1, updated_at = now()
        where (assets.area_id, assets.description, assets.manufacturer, assets.location, assets.loto_required, assets.status)
          is distinct from (excluded.area_id, excluded.description, excluded.manufacturer, excluded.location,
                            excluded.loto_required, excluded.status)`.execute(trx);
  }
  for (const rows of batches(plan.assets)) {
    await sql`
      update assets a set parent_asset_id = p.id, version = a.version + 1, updated_at = now()
      from unnest(${column(rows, (r) => r.number)}::text[], ${column(rows, (r) => r.parentNumber)}::text[]) u(number, parent)
      left join assets p on p.facility_id = ${facilityId} and p.number = u.parent
      where a.facility_id = ${facilityId} and a.number = u.number and a.parent_asset_id is distinct from p.id`.execute(
      trx,
    );
  }

  for (const rows of batches(plan.components)) {
    await sql`
      insert into components (facility_id, asset_id, number, name, description)
      select ${facilityId}, a.id, u.number, u.name, u.description
      from unnest(${column(rows, (r) => r.assetNumber)}::text[], ${column(rows, (r) => r.number)}::text[],
                  ${column(rows, (r) => r.name)}::text[], ${column(rows, (r) => r.description)}::text[])
        u(asset_number, number, name, description)
      join assets a on a.facility_id = ${facilityId} and a.number = u.asset_number
      on conflict (asset_id, number) do update
        set name = excluded.name, description = excluded.description, version = components.version + 1, updated_at = now()
        where (components.name, components.description) is distinct from (excluded.name, excluded.description)`.execute(
      trx,
    );
  }

  for (const rows of batches(plan.energy)) {
    await sql`
      with u as (
        select c.id as component_id, u.type_id, u.magnitude, u.unit, u.stored, u.description
        from unnest(${column(rows, (r) => r.assetNumber)}::text[], ${column(rows, (r) => r.componentNumber)}::text[],
                    ${column(rows, (r) => r.typeId)}::int[], ${column(rows, (r) => r.magnitude)}::numeric[],
                    ${column(rows, (r) => r.unit)}::text[], ${column(rows, (r) => r.stored)}::boolean[],
                    ${column(rows, (r) => r.description)}::text[])
          u(asset_number, component_number, type_id, magnitude, unit, stored, description)
        join assets a on a.facility_id = ${facilityId} and a.number = u.asset_number
        join components c on c.asset_id = a.id and c.number = u.component_number
      ),
      changed as (
        update energy_sources e
        set magnitude = u.magnitude, unit = u.unit, stored_energy = u.stored, version = e.version + 1, updated_at = now()
        from u
        where e.component_id = u.component_id and e.energy_type_item_id = u.type_id and e.description = u.description
          and (e.magnitude, e.unit, e.stored_energy) is distinct from (u.magnitude, u.unit, u.stored)
      )
      insert into energy_sources (facility_id, component_id, energy_type_item_id, magnitude, unit, stored_energy, description)
      select ${facilityId}, u.component_id, u.type_id, u.magnitude, u.unit, u.stored, u.description from u
      where not exists (select 1 from energy_sources e where e.component_id = u.component_id
                        and e.energy_type_item_id = u.type_id and e.description = u.description)`.execute(trx);
  }

  for (const rows of batches(plan.points)) {
    await sql`
      insert into isolation_points (facility_id, component_id, asset_id, code, device_type_item_id, location,
        normal_position, isolated_position, lockable, tag_only_measure, verification_method)
      select ${facilityId}, c.id, a.id, u.code, u.device_type, u.location, u.normal, u.isolated, u.lockable, u.measure, u.verify
      from unnest(${column(rows, (r) => r.assetNumber)}::text[], ${column(rows, (r) => r.componentNumber)}::text[],
                  ${column(rows, (r) => r.code)}::text[], ${column(rows, (r) => r.deviceTypeId)}::int[],
                  ${column(rows, (r) => r.location)}::text[], ${column(rows, (r) => r.normalPosition)}::text[],
                  ${column(rows, (r) => r.isolatedPosition)}::text[], ${column(rows, (r) => r.lockable)}::boolean[],
                  ${column(rows, (r) => r.tagOnlyMeasure)}::text[], ${column(rows, (r) => r.verificationMethod)}::text[])
        u(asset_number, component_number, code, device_type, location, normal, isolated, lockable, measure, verify)
      join assets a on a.facility_id = ${facilityId} and a.number = u.asset_number
      join components c on c.asset_id = a.id and c.number = u.component_number
      on conflict (asset_id, code) do update
        set component_id = excluded.component_id, device_type_item_id = excluded.device_type_item_id,
            location = excluded.location, normal_position = excluded.normal_position,
            isolated_position = excluded.isolated_position, lockable = excluded.lockable,
            tag_only_measure = excluded.tag_only_measure, verification_method = excluded.verification_method,
            version = isolation_points.version + 1, updated_at = now()`.execute(trx);
  }
}
