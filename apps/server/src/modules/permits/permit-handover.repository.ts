import { sql, type Kysely, type Transaction } from 'kysely';
import type { PermitHandover } from '@hasp/contracts';
import type { Database, Db } from '../../db/schema';

/** A handover row with its people's names, as both the permit read and the log select it. */
function handoversWithPeople(db: Pick<Kysely<Database>, 'selectFrom'>) {
  return db
    .selectFrom('permit_handovers as ph')
    .leftJoin('users as hf', 'hf.id', 'ph.from_holder_id')
    .innerJoin('users as ht', 'ht.id', 'ph.to_holder_id')
    .innerJoin('users as hb', 'hb.id', 'ph.handed_over_by')
    .leftJoin('users as ha', 'ha.id', 'ph.acknowledged_by')
    .select([
      'ph.id',
      'ph.from_holder_id',
      'hf.display_name as from_name',
      'ph.to_holder_id',
      'ht.display_name as to_name',
      'ph.handed_over_by',
      'hb.display_name as by_name',
      'ph.handed_over_at',
      'ph.abnormal_conditions',
      'ph.work_remaining',
      'ph.locks_staying',
      'ph.acknowledged_by',
      'ha.display_name as acknowledged_name',
      'ph.acknowledged_at',
    ]);
}

type HandoverRow = Awaited<ReturnType<ReturnType<typeof handoversWithPeople>['executeTakeFirstOrThrow']>>;

/** Times arrive as Dates from a plain select and as strings inside the permit read's JSON. */
const iso = (at: Date | string) => new Date(at).toISOString();

export function handoverOf(row: HandoverJson): PermitHandover {
  return {
    ID: row.id,
    from: row.from_holder_id === null ? null : { ID: row.from_holder_id, displayName: row.from_name ?? '' },
    to: { ID: row.to_holder_id, displayName: row.to_name },
    by: { ID: row.handed_over_by, displayName: row.by_name },
    at: iso(row.handed_over_at),
    abnormalConditions: row.abnormal_conditions,
    workRemaining: row.work_remaining,
    locksStaying: row.locks_staying,
    acknowledged:
      row.acknowledged_by === null || row.acknowledged_at === null
        ? null
        : { by: { ID: row.acknowledged_by, displayName: row.acknowledged_name ?? '' }, at: iso(row.acknowledged_at) },
  };
}

/** A row as a plain select gives it, or as the permit read's JSON column does (times as strings). */
type HandoverJson = Omit<HandoverRow, 'handed_over_at' | 'acknowledged_at'> & {
  handed_over_at: Date | string;
  acknowledged_at: Date | string | null;
};

/**
 * The permit's hand-over still waiting for acknowledgment, as a JSON column of the permit read (one
 * round trip; the same columns as `handoversWithPeople`). Reads the outer query's `p`.
 */
export const pendingHandoverColumn = () =>
  sql<HandoverJson | null>`(
    select json_build_object(
      'id', ph.id, 'from_holder_id', ph.from_holder_id, 'from_name', hf.display_name,
      'to_holder_id', ph.to_holder_id, 'to_name', ht.display_name,
      'handed_over_by', ph.handed_over_by, 'by_name', hb.display_name, 'handed_over_at', ph.handed_over_at,
      'abnormal_conditions', ph.abnormal_conditions, 'work_remaining', ph.work_remaining,
      'locks_staying', ph.locks_staying,
      'acknowledged_by', ph.acknowledged_by, 'acknowledged_name', ha.display_name, 'acknowledged_at', ph.acknowledged_at)
    from permit_handovers ph
    left join users hf on hf.id = ph.from_holder_id
    join users ht on ht.id = ph.to_holder_id
    join users hb on hb.id = ph.handed_over_by
    left join users ha on ha.id = ph.acknowledged_by
    where ph.id = p.pending_handover_id)`.as('pending_handover');

/** The permit's handover log, oldest first. */
export async function listHandovers(db: Db, facilityId: number, permitId: number): Promise<PermitHandover[]> {
  const rows = await handoversWithPeople(db)
    .where('ph.facility_id', '=', facilityId)
    .where('ph.permit_id', '=', permitId)
    .orderBy('ph.id')
    .execute();
  return rows.map(handoverOf);
}

export interface NewHandover {
  facilityId: number;
  permitId: number;
  fromHolderId: number | null;
  toHolderId: number;
  by: number;
  at: Date;
  abnormalConditions: string;
  workRemaining: string;
  locksStaying: { ID: number; serial: string }[];
}

/** Records a hand-over's notes (in the hand-over command's transaction). @returns its id */
export async function insertHandover(trx: Transaction<Database>, h: NewHandover): Promise<number> {
  const { id } = await trx
    .insertInto('permit_handovers')
    .values({
      facility_id: h.facilityId,
      permit_id: h.permitId,
      from_holder_id: h.fromHolderId,
      to_holder_id: h.toHolderId,
      handed_over_by: h.by,
      handed_over_at: h.at,
      abnormal_conditions: h.abnormalConditions,
      work_remaining: h.workRemaining,
      locks_staying: JSON.stringify(h.locksStaying),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return id;
}

/** The incoming holder's signed acceptance acknowledges the notes (once: the table refuses a second). */
export async function acknowledgeHandover(
  trx: Transaction<Database>,
  facilityId: number,
  id: number,
  by: number,
  at: Date,
): Promise<void> {
  await trx
    .updateTable('permit_handovers')
    .set({ acknowledged_by: by, acknowledged_at: at })
    .where('facility_id', '=', facilityId)
    .where('id', '=', id)
    .where('acknowledged_at', 'is', null)
    .execute();
}
