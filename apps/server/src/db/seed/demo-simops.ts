import { sql, type Transaction } from 'kysely';
import type { Database } from '../schema';

/**
 * The demo facilities' SIMOPS rules (decision 0098): hot work beside a confined
 * space entry blocks (sparks and a flammable atmosphere), two hot work jobs together warn (one fire
 * watch for both?). Seeded after the permit stories: their hot work and confined space entries share
 * an area and hours, so the demo shows conflicts (and overrides are asked for from then on).
 */
const demoRules: [string, string, 'warn' | 'block'][] = [
  ['HOT', 'CSE', 'block'],
  ['HOT', 'HOT', 'warn'],
];

export async function seedDemoSimopsRules(trx: Transaction<Database>, facilityIds: number[]): Promise<void> {
  for (const facilityId of facilityIds) {
    for (const [a, b, mode] of demoRules) {
      await sql`
        insert into simops_rules (facility_id, first_type_id, second_type_id, mode)
        select ${facilityId}, least(x.id, y.id), greatest(x.id, y.id), ${mode}
        from permit_types x, permit_types y
        where x.facility_id = ${facilityId} and x.code = ${a} and y.facility_id = ${facilityId} and y.code = ${b}
        on conflict do nothing`.execute(trx);
    }
  }
}
