import type { Transaction } from 'kysely';
import type { Database } from '../schema';

/** The demo's safety officers: they sign the second stage of a high-risk permit. */
export const DEMO_SAFETY_OFFICERS = 'Safety Officers';

/**
 * Approval stages of each demo facility (decision 0050): low and medium risk need the area
 * authority's signature (anyone who may approve the type); high risk then also a safety officer's
 * (a member of "Safety Officers": the demo admin).
 */
export async function seedDemoApprovalStages(trx: Transaction<Database>, facilityIds: number[]): Promise<void> {
  const admin = await trx.selectFrom('users').select('id').where('user_name', '=', 'admin').executeTakeFirst();
  for (const facilityId of facilityIds) {
    const group = await trx
      .insertInto('groups')
      .values({
        facility_id: facilityId,
        name: DEMO_SAFETY_OFFICERS,
        description: 'Sign the safety officer stage of high-risk permits',
      })
      .onConflict((oc) => oc.columns(['facility_id', 'name']).doUpdateSet({ name: DEMO_SAFETY_OFFICERS }))
      .returning('id')
      .executeTakeFirstOrThrow();
    if (admin) {
      await trx
        .insertInto('user_groups')
        .values({ user_id: admin.id, group_id: group.id })
        .onConflict((oc) => oc.doNothing())
        .execute();
    }
    await trx
      .insertInto('approval_stage_configs')
      .values({ facility_id: facilityId })
      .onConflict((oc) => oc.doNothing())
      .execute();
    const areaAuthority = { name: 'Area authority', meaning: 'approved as area authority', group_id: null };
    const stages = [
      { risk_level: 'low' as const, position: 1, ...areaAuthority },
      { risk_level: 'medium' as const, position: 1, ...areaAuthority },
      { risk_level: 'high' as const, position: 1, ...areaAuthority },
      {
        risk_level: 'high' as const,
        position: 2,
        name: 'Safety officer',
        meaning: 'approved as safety officer',
        group_id: group.id,
      },
    ];
    await trx
      .insertInto('approval_stages')
      .values(stages.map((s) => ({ facility_id: facilityId, ...s })))
      .onConflict((oc) => oc.doNothing())
      .execute();
  }
}
