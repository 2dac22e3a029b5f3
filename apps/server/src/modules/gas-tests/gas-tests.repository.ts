import { sql, type Transaction } from 'kysely';
import type { GasReading, GasTest, PermitSection, PermitStatus } from '@hasp/contracts';
import type { Database, Db } from '../../db/schema';

/** The permit a gas test belongs to, as the rules read it. */
export interface GasPermit {
  id: number;
  number: string;
  title: string;
  status: PermitStatus;
  typeCode: string;
  sections: PermitSection[];
  retestMinutes: number;
  issuerId: number | null;
}

/**
 * The permit of the facility (another facility's: undefined, a 404). `lock`: FOR UPDATE of the
 * permit row, the order every permit section's command takes, so tests and lifecycle commands on
 * one permit run one at a time (an issue never reads a test half recorded).
 */
export async function findGasPermit(
  db: Db,
  facilityId: number,
  permitId: number,
  options: { lock?: boolean } = {},
): Promise<GasPermit | undefined> {
  const { rows } = await sql<GasPermit>`
    select p.id, p.number, p.title, p.status, t.code as "typeCode", t.sections,
      t.gas_retest_minutes as "retestMinutes", p.issuer_id as "issuerId"
    from permits p join permit_types t on t.id = p.permit_type_id
    where p.facility_id = ${facilityId} and p.id = ${permitId}
    ${options.lock ? sql`for update of p` : sql``}`.execute(db);
  return rows[0];
}

/** findGasPermit for many permits of the facility in one statement, by ID (absent: not the facility's). */
export async function findGasPermits(
  db: Db,
  facilityId: number,
  permitIds: readonly number[],
): Promise<Map<number, GasPermit>> {
  if (!permitIds.length) return new Map();
  const { rows } = await sql<GasPermit>`
    select p.id, p.number, p.title, p.status, t.code as "typeCode", t.sections,
      t.gas_retest_minutes as "retestMinutes", p.issuer_id as "issuerId"
    from permits p join permit_types t on t.id = p.permit_type_id
    where p.facility_id = ${facilityId} and p.id = any(${[...permitIds]}::int[])`.execute(db);
  return new Map(rows.map((row) => [row.id, row]));
}

/** gasTestsVersion for many permits (of one facility: the caller read them there) in one statement, by permit ID. */
export async function gasTestsVersionsForPermits(db: Db, permitIds: readonly number[]): Promise<Map<number, number>> {
  const rows = permitIds.length
    ? await db
        .selectFrom('permit_gas_tests')
        .select(['permit_id', sql<number>`(count(*) + count(voided_at))::int`.as('v')])
        .where('permit_id', 'in', [...permitIds])
        .groupBy('permit_id')
        .execute()
    : [];
  const found = new Map(rows.map((r) => [r.permit_id, r.v]));
  return new Map(permitIds.map((id) => [id, found.get(id) ?? 0]));
}

/** The version of a permit's gas tests: one step per test recorded and per test voided. */
export async function gasTestsVersion(db: Db, permitId: number): Promise<number> {
  const row = await db
    .selectFrom('permit_gas_tests')
    .select(sql<number>`(count(*) + count(voided_at))::int`.as('v'))
    .where('permit_id', '=', permitId)
    .executeTakeFirstOrThrow();
  return row.v;
}

/** The permit's tests, newest first (voided ones too), each with its readings in the parameters' order. */
export async function listGasTests(db: Db, facilityId: number, permitId: number): Promise<GasTest[]> {
  return (await listGasTestsForPermits(db, facilityId, [permitId])).get(permitId) ?? [];
}

/** listGasTests for many permits of the facility in two statements, by permit ID (no test: absent). */
export async function listGasTestsForPermits(
  db: Db,
  facilityId: number,
  permitIds: readonly number[],
): Promise<Map<number, GasTest[]>> {
  const byPermit = new Map<number, GasTest[]>();
  if (!permitIds.length) return byPermit;
  const tests = await db
    .selectFrom('permit_gas_tests as t')
    .innerJoin('gas_instruments as i', 'i.id', 't.instrument_id')
    .innerJoin('users as r', 'r.id', 't.recorded_by')
    .leftJoin('users as v', 'v.id', 't.voided_by')
    .select([
      't.id',
      't.tested_at',
      't.location',
      't.instrument_id',
      'i.name as instrument_name',
      'i.serial',
      sql<string>`t.calibration_due::text`.as('calibration_due'),
      't.tester_id',
      't.tester_name',
      't.recorded_by',
      'r.display_name as recorder',
      't.recorded_at',
      't.in_limits',
      't.voided_at',
      'v.display_name as voider',
      't.void_reason',
      't.permit_id',
    ])
    .where('t.facility_id', '=', facilityId)
    .where('t.permit_id', 'in', [...permitIds])
    .orderBy('t.tested_at', 'desc')
    .orderBy('t.id', 'desc')
    .execute();
  if (!tests.length) return byPermit;
  const readings = await db
    .selectFrom('permit_gas_readings as g')
    .innerJoin('gas_parameters as p', 'p.id', 'g.parameter_id')
    .select([
      'g.test_id',
      'g.parameter_id as parameterId',
      'g.code',
      'g.name',
      'g.unit',
      'g.value',
      'g.low_limit as lowLimit',
      'g.high_limit as highLimit',
      'g.in_limits as inLimits',
    ])
    .where(
      'g.test_id',
      'in',
      tests.map((t) => t.id),
    )
    .orderBy('p.sort_order')
    .orderBy('g.id')
    .execute();
  const byTest = new Map<number, GasReading[]>();
  for (const { test_id, ...reading } of readings) {
    const list = byTest.get(test_id) ?? [];
    list.push(reading);
    byTest.set(test_id, list);
  }
  for (const t of tests) {
    const test: GasTest = {
      ID: t.id,
      testedAt: t.tested_at.toISOString(),
      location: t.location,
      instrument: { ID: t.instrument_id, name: t.instrument_name, serial: t.serial, calibrationDue: t.calibration_due },
      tester: { ID: t.tester_id, name: t.tester_name },
      recordedBy: { ID: t.recorded_by, name: t.recorder },
      recordedAt: t.recorded_at.toISOString(),
      readings: byTest.get(t.id) ?? [],
      inLimits: t.in_limits,
      voided:
        t.voided_at && t.void_reason !== null
          ? { at: t.voided_at.toISOString(), by: t.voider ?? '', reason: t.void_reason }
          : null,
    };
    const list = byPermit.get(t.permit_id);
    if (list) list.push(test);
    else byPermit.set(t.permit_id, [test]);
  }
  return byPermit;
}

/** A user of the facility, active, with their display name (a tester named by ID). */
export async function findFacilityUserName(db: Db, facilityId: number, userId: number): Promise<string | undefined> {
  const row = await db
    .selectFrom('users as u')
    .innerJoin('user_facilities as uf', (j) => j.onRef('uf.user_id', '=', 'u.id').on('uf.facility_id', '=', facilityId))
    .select('u.display_name')
    .where('u.id', '=', userId)
    .where('u.is_active', '=', true)
    .executeTakeFirst();
  return row?.display_name;
}

export interface NewGasTest {
  facilityId: number;
  permitId: number;
  testedAt: Date;
  location: string;
  instrumentId: number;
  calibrationDue: string;
  testerId: number | null;
  testerName: string;
  recordedBy: number;
  recordedAt: Date;
  readings: GasReading[];
}

/** Stores a test and its readings; answers the test's ID. */
export async function insertGasTest(trx: Transaction<Database>, test: NewGasTest): Promise<number> {
  const row = await trx
    .insertInto('permit_gas_tests')
    .values({
      facility_id: test.facilityId,
      permit_id: test.permitId,
      tested_at: test.testedAt,
      location: test.location,
      instrument_id: test.instrumentId,
      calibration_due: test.calibrationDue,
      tester_id: test.testerId,
      tester_name: test.testerName,
      recorded_by: test.recordedBy,
      recorded_at: test.recordedAt,
      in_limits: test.readings.every((r) => r.inLimits),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await trx
    .insertInto('permit_gas_readings')
    .values(
      test.readings.map((r) => ({
        facility_id: test.facilityId,
        test_id: row.id,
        parameter_id: r.parameterId,
        code: r.code,
        name: r.name,
        unit: r.unit,
        value: r.value,
        low_limit: r.lowLimit,
        high_limit: r.highLimit,
        in_limits: r.inLimits,
      })),
    )
    .execute();
  return row.id;
}

export async function voidGasTest(
  trx: Transaction<Database>,
  testId: number,
  values: { at: Date; by: number; reason: string },
): Promise<void> {
  await trx
    .updateTable('permit_gas_tests')
    .set({ voided_at: values.at, voided_by: values.by, void_reason: values.reason })
    .where('id', '=', testId)
    .execute();
}
