import { sql } from 'kysely';
import type { GasConfig, GasInstrument, GasParameter } from '@hasp/contracts';
import type { Db } from '../../db/schema';

/** The facility's gas parameters in their order (inactive ones too unless `activeOnly`). */
export async function listGasParameters(db: Db, facilityId: number, activeOnly = false): Promise<GasParameter[]> {
  let query = db
    .selectFrom('gas_parameters')
    .select([
      'id as ID',
      'code',
      'name',
      'unit',
      'low_limit as lowLimit',
      'high_limit as highLimit',
      'is_active as isActive',
      'sort_order as sortOrder',
    ])
    .where('facility_id', '=', facilityId);
  if (activeOnly) query = query.where('is_active', '=', true);
  return query.orderBy('sort_order').orderBy('id').execute();
}

/** The facility's instruments by name (calibration due as YYYY-MM-DD). */
export async function listGasInstruments(db: Db, facilityId: number, activeOnly = false): Promise<GasInstrument[]> {
  let query = db
    .selectFrom('gas_instruments')
    .select([
      'id as ID',
      'name',
      'serial',
      sql<string>`calibration_due::text`.as('calibrationDue'),
      'is_active as isActive',
    ])
    .where('facility_id', '=', facilityId);
  if (activeOnly) query = query.where('is_active', '=', true);
  return query.orderBy('name').orderBy('id').execute();
}

export async function gasConfig(db: Db, facilityId: number): Promise<GasConfig> {
  const [parameters, instruments] = await Promise.all([
    listGasParameters(db, facilityId),
    listGasInstruments(db, facilityId),
  ]);
  return { parameters, instruments };
}

export interface GasParameterValues {
  code: string;
  name: string;
  unit: string;
  low_limit: number | null;
  high_limit: number | null;
  is_active?: boolean;
}

export async function insertGasParameter(trx: Db, facilityId: number, values: GasParameterValues): Promise<number> {
  const row = await trx
    .insertInto('gas_parameters')
    .values((eb) => ({
      facility_id: facilityId,
      ...values,
      sort_order: eb
        .selectFrom('gas_parameters')
        .select(sql<number>`coalesce(max(sort_order), 0) + 1`.as('n'))
        .where('facility_id', '=', facilityId),
    }))
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

export async function updateGasParameter(trx: Db, facilityId: number, id: number, values: GasParameterValues) {
  await trx
    .updateTable('gas_parameters')
    .set(values)
    .where('facility_id', '=', facilityId)
    .where('id', '=', id)
    .execute();
}

export interface GasInstrumentValues {
  name: string;
  serial: string;
  calibration_due: string;
  is_active?: boolean;
}

export async function insertGasInstrument(trx: Db, facilityId: number, values: GasInstrumentValues): Promise<number> {
  const row = await trx
    .insertInto('gas_instruments')
    .values({ facility_id: facilityId, ...values })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

export async function updateGasInstrument(trx: Db, facilityId: number, id: number, values: GasInstrumentValues) {
  await trx
    .updateTable('gas_instruments')
    .set(values)
    .where('facility_id', '=', facilityId)
    .where('id', '=', id)
    .execute();
}

/** Another of the facility's parameters with this code (case-insensitive), or instrument with this serial. */
export async function findClash(
  db: Db,
  facilityId: number,
  what: { code: string } | { serial: string },
  exceptId: number | null,
): Promise<boolean> {
  const isCode = 'code' in what;
  const row = await db
    .selectFrom(isCode ? 'gas_parameters' : 'gas_instruments')
    .select('id')
    .where('facility_id', '=', facilityId)
    .where(sql<boolean>`lower(${sql.ref(isCode ? 'code' : 'serial')}) = lower(${isCode ? what.code : what.serial})`)
    .$if(exceptId !== null, (q) => q.where('id', '<>', exceptId!))
    .executeTakeFirst();
  return row !== undefined;
}
