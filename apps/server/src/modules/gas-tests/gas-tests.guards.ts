import { sql } from 'kysely';
import {
  deny,
  gasTestRefusalSaid,
  gasTestStanding,
  type GasTestForRule,
  type GasTestStanding,
  type PermitFacts,
  type PermitGuard,
} from '@hasp/contracts';
import type { Db } from '../../db/schema';
import { lifecycleGuards, type PermitLifecyclePart, type PermitRecord } from '../permits';

/** What the gas guard reads, with the lifecycle's facts, in the command's transaction. */
export interface GasTestFacts extends PermitFacts {
  /** The permit's type has the 'gas-tests' section. */
  gasTestsApply: boolean;
  gasRetestMinutes: number;
  /** What the tests not voided leave standing: failing readings not cleared, the newest pass. */
  gasStanding: GasTestStanding;
}

const gasTestsClear =
  (verb: 'issued' | 'accepted' | 'revalidated'): PermitGuard<GasTestFacts> =>
  ({ facts }) => {
    if (!facts.gasTestsApply) return null;
    const refusal = gasTestRefusalSaid({
      standing: facts.gasStanding,
      retestMinutes: facts.gasRetestMinutes,
      now: new Date(facts.now),
      verb,
    });
    return refusal ? deny('PRECONDITION_FAILED', refusal) : null;
  };

const noTests: GasTestStanding = { failing: [], lastPassAt: null };

/** The gas-test facts of many permits (the offline download's page) in one statement, by permit ID. */
async function gasTestFactsForPermits(
  db: Db,
  permits: readonly PermitRecord[],
): Promise<Map<number, Omit<GasTestFacts, keyof PermitFacts>>> {
  const facts = new Map<number, Omit<GasTestFacts, keyof PermitFacts>>(
    permits.map((p) => [p.ID, { gasTestsApply: false, gasRetestMinutes: 0, gasStanding: noTests }]),
  );
  const tested = permits.filter((p) => p.permitType.sections.includes('gas-tests'));
  if (!tested.length) return facts;
  // Every test not voided (a permit has a few): which of them still stands needs them all.
  const { rows } = await sql<{ id: number; minutes: number; tests: GasTestForRule[] | null }>`
    select p.id, pt.gas_retest_minutes as minutes,
      (select json_agg(json_build_object('ID', t.id, 'testedAt', t.tested_at, 'recordedAt', t.recorded_at,
          'readings', (select json_agg(json_build_object('code', g.code, 'unit', g.unit, 'value', g.value,
              'lowLimit', g.low_limit, 'highLimit', g.high_limit) order by g.id)
            from permit_gas_readings g where g.test_id = t.id)) order by t.id)
       from permit_gas_tests t
       where t.permit_id = p.id and t.voided_at is null) as tests
    from permits p
    join permit_types pt on pt.id = p.permit_type_id
    where p.id = any(${tested.map((p) => p.ID)}::int[])`.execute(db);
  for (const row of rows) {
    facts.set(row.id, {
      gasTestsApply: true,
      gasRetestMinutes: row.minutes,
      gasStanding: gasTestStanding(row.tests ?? []),
    });
  }
  return facts;
}

/**
 * Issue and revalidate (types with gas tests): refused while a failing reading stands (no passing
 * re-test measured and recorded after it), when no test passed, or when the newest pass is older
 * than the type's re-test interval (the server's clock). Accept: refused while a failing reading
 * stands (one recorded between issue and acceptance).
 * Composed by the app (src/permit-lifecycle.ts) and by the demo seed.
 */
export const gasTestLifecycle: PermitLifecyclePart = {
  guards: lifecycleGuards<GasTestFacts>({
    name: 'gas-tests',
    resolvedIn: 'gas-tests',
    // One permit is a page of one: the same statement (so the two can never read differently).
    facts: async (db, permit) => (await gasTestFactsForPermits(db, [permit])).get(permit.ID)!,
    // The type's re-test interval and the permit's tests; of the permit itself only its type.
    factsKey: (p) => JSON.stringify([p.permitType.ID, p.permitType.sections]),
    factsForPermits: gasTestFactsForPermits,
    guards: {
      issue: [gasTestsClear('issued')],
      accept: [gasTestsClear('accepted')],
      revalidate: [gasTestsClear('revalidated')],
    },
  }),
};
