import { sql } from 'kysely';
import { planPointStates, type ConnectPermit, type PermitStatus, type PlanPointState } from '@hasp/contracts';
import type { Db } from '../../db/schema';

export interface PermitFilter {
  status?: PermitStatus[] | undefined;
  externalReference?: string | undefined;
  /** Only these permit types' codes (the ones the caller may view). */
  typeCodes: string[];
  limit: number;
  before?: number | undefined;
  id?: number;
}

/**
 * The facility's permits as integrators see them, newest first, each with its isolation state
 * (plan points by state) and the tags still hanging, in one query.
 */
export async function listConnectPermits(db: Db, facilityId: number, filter: PermitFilter): Promise<ConnectPermit[]> {
  if (!filter.typeCodes.length) return [];
  let query = db
    .selectFrom('permits as p')
    .innerJoin('permit_types as t', 't.id', 'p.permit_type_id')
    .select([
      'p.id',
      'p.number',
      'p.external_reference',
      'p.permit_type_id',
      't.code',
      'p.status',
      'p.title',
      'p.planned_start',
      'p.planned_end',
      'p.version',
      'p.updated_at',
      sql<Record<string, number> | null>`(
        select jsonb_object_agg(s.state, s.n) from (
          select state, count(*)::int as n from permit_isolation_points pp where pp.permit_id = p.id group by state
        ) s)`.as('points'),
      sql<number>`(select count(*)::int from tags g where g.permit_id = p.id and g.state in ('applied', 'verified'))`.as(
        'tags_applied',
      ),
    ])
    .where('p.facility_id', '=', facilityId)
    .where('p.voided_at', 'is', null)
    .where('t.code', 'in', filter.typeCodes);
  if (filter.id !== undefined) query = query.where('p.id', '=', filter.id);
  if (filter.status?.length) query = query.where('p.status', 'in', filter.status);
  if (filter.externalReference !== undefined)
    query = query.where('p.external_reference', '=', filter.externalReference);
  if (filter.before !== undefined) query = query.where('p.id', '<', filter.before);
  const rows = await query.orderBy('p.id', 'desc').limit(filter.limit).execute();
  return rows.map((row) => {
    const byState = Object.fromEntries(planPointStates.map((s) => [s, row.points?.[s] ?? 0])) as Record<
      PlanPointState,
      number
    >;
    const points = Object.values(byState).reduce((a, b) => a + b, 0);
    return {
      id: row.id,
      number: row.number,
      externalReference: row.external_reference,
      permitType: { id: row.permit_type_id, code: row.code },
      status: row.status,
      title: row.title,
      plannedStart: row.planned_start.toISOString(),
      plannedEnd: row.planned_end.toISOString(),
      isLive: row.status === 'active',
      isolation: {
        points,
        byState,
        allVerified: points === byState.verified,
        tagsApplied: row.tags_applied,
      },
      version: row.version,
      updatedAt: row.updated_at.toISOString(),
    };
  });
}
