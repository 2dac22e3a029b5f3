import { sql, type Kysely, type Transaction } from 'kysely';
import { gasTestRefusal, type GasReading, type PermitFacts, type PermitGuard } from '@hasp/contracts';
import type { Database } from '../../db/schema';
import { registerPermitGuards, type PermitRecord } from '../permits';

type Db = Kysely<Database> | Transaction<Database>;

/** What the gas guard reads, with the lifecycle's facts, in the command's transaction. */
export interface GasTestFacts extends PermitFacts {
  /** The permit's type has the 'gas-tests' section. */
  gasTestsApply: boolean;
  gasRetestMinutes: number;
  /** The newest test not voided. */
  latestGasTest: { testedAt: string; readings: GasReading[] } | null;
}

const gasTestsFresh =
  (verb: 'issued' | 'revalidated'): PermitGuard<GasTestFacts> =>
  ({ facts }) => {
    if (!facts.gasTestsApply) return null;
    const reason = gasTestRefusal({
      latest: facts.latestGasTest,
      retestMinutes: facts.gasRetestMinutes,
      now: new Date(facts.now),
      verb,
    });
    return reason ? { code: 'PRECONDITION_FAILED', reason } : null;
  };

/** The gas-test facts of many permits (the offline download's page) in one statement, by permit ID. */
async function gasTestFactsForPermits(
  db: Db,
  permits: readonly PermitRecord[],
): Promise<Map<number, Omit<GasTestFacts, keyof PermitFacts>>> {
  const facts = new Map<number, Omit<GasTestFacts, keyof PermitFacts>>(
    permits.map((p) => [p.ID, { gasTestsApply: false, gasRetestMinutes: 0, latestGasTest: null }]),
  );
  const tested = permits.filter((p) => p.permitType.sections.includes('gas-tests'));
  if (!tested.length) return facts;
  const { rows } = await sql<{
    id: number;
    minutes: number;
    tested_at: Date | null;
    readings: GasReading[] | null;
  }>`
    select p.id, pt.gas_retest_minutes as minutes, t.tested_at, t.readings
    from permits p
    join permit_types pt on pt.id = p.permit_type_id
    left join lateral (
      select t.tested_at,
        (select json_agg(json_build_object('parameterId', g.parameter_id, 'code', g.code, 'name', g.name,
            'unit', g.unit, 'value', g.value, 'lowLimit', g.low_limit, 'highLimit', g.high_limit,
            'inLimits', g.in_limits) order by g.id)
         from permit_gas_readings g where g.test_id = t.id) as readings
      from permit_gas_tests t
      where t.permit_id = p.id and t.voided_at is null
      order by t.tested_at desc, t.id desc limit 1
    ) t on true
    where p.id = any(${tested.map((p) => p.ID)}::int[])`.execute(db);
  for (const row of rows) {
    facts.set(row.id, {
      gasTestsApply: true,
      gasRetestMinutes: row.minutes,
      latestGasTest: row.tested_at ? { testedAt: row.tested_at.toISOString(), readings: row.readings ?? [] } : null,
    });
  }
  return facts;
}

/**
 * Issue and revalidate (types with gas tests): refused while the latest test has a reading out of
 * limits, is older than the type's re-test interval (the server's clock), or does not exist.
 * Registered once when the app is built (app.ts) and by the demo seed.
 */
export function registerGasTestGuards(): void {
  registerPermitGuards<GasTestFacts>({
    name: 'gas-tests',
    // One permit is a page of one: the same statement (so the two can never read differently).
    facts: async (db, permit) => (await gasTestFactsForPermits(db, [permit])).get(permit.ID)!,
    // The type's re-test interval and the permit's tests; of the permit itself only its type.
    factsKey: (p) => JSON.stringify([p.permitType.ID, p.permitType.sections]),
    factsForPermits: gasTestFactsForPermits,
    guards: { issue: [gasTestsFresh('issued')], revalidate: [gasTestsFresh('revalidated')] },
  });
}
