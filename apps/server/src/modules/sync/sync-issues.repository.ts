import type { Kysely, Transaction } from 'kysely';
import type { ApiError, SyncIssue, SyncIssueQuery } from '@hasp/contracts';
import type { Database } from '../../db/schema';

type Db = Kysely<Database> | Transaction<Database>;

/** Whose issues: a supervisor sees the facility's, anyone else only their own. */
export interface IssueScope {
  facilityId: number;
  /** null: every user's (offline:supervise). */
  userId: number | null;
}

const issues = (db: Db, scope: IssueScope) => {
  let query = db
    .selectFrom('sync_commands as s')
    .innerJoin('users as u', 'u.id', 's.user_id')
    .leftJoin('users as r', 'r.id', 's.resolved_by')
    .leftJoin('permits as p', (join) =>
      join.onRef('p.id', '=', 's.permit_id').onRef('p.facility_id', '=', 's.facility_id'),
    )
    .select([
      's.server_seq',
      's.outcome',
      's.name',
      's.idempotency_key',
      's.device_id',
      's.device_time',
      's.synced_at',
      's.user_id',
      'u.display_name as user_name',
      's.permit_id',
      'p.number as permit_number',
      's.error',
      's.input',
      's.base_version',
      's.server_version',
      's.server_state',
      's.resolved_at',
      's.resolved_by',
      'r.display_name as resolver_name',
      's.resolution',
    ])
    .where('s.facility_id', '=', scope.facilityId)
    .where('s.outcome', '<>', 'applied');
  if (scope.userId !== null) query = query.where('s.user_id', '=', scope.userId);
  return query;
};

type IssueRow = Awaited<ReturnType<ReturnType<typeof issues>['executeTakeFirstOrThrow']>>;

function toIssue(row: IssueRow): SyncIssue {
  return {
    ID: Number(row.server_seq),
    outcome: row.outcome as 'conflict' | 'rejected',
    name: row.name,
    idempotencyKey: row.idempotency_key,
    deviceId: row.device_id,
    deviceTime: row.device_time.toISOString(),
    syncedAt: row.synced_at.toISOString(),
    user: { ID: row.user_id, name: row.user_name },
    permit:
      row.permit_id !== null && row.permit_number !== null ? { ID: row.permit_id, number: row.permit_number } : null,
    error: row.error as ApiError,
    device: { input: row.input, baseVersion: row.base_version },
    server: row.server_version !== null ? { version: row.server_version, state: row.server_state } : null,
    resolvedAt: row.resolved_at ? row.resolved_at.toISOString() : null,
    resolvedBy: row.resolved_by !== null ? { ID: row.resolved_by, name: row.resolver_name ?? '' } : null,
    resolution: row.resolution,
  };
}

/** Newest first (by server sequence), at most 500. */
export async function listIssues(db: Db, scope: IssueScope, filter: SyncIssueQuery): Promise<SyncIssue[]> {
  let query = issues(db, scope).orderBy('s.server_seq', 'desc').limit(500);
  if (filter.outcome) query = query.where('s.outcome', '=', filter.outcome);
  const state = filter.state ?? 'open';
  if (state === 'open') query = query.where('s.resolved_at', 'is', null);
  if (state === 'resolved') query = query.where('s.resolved_at', 'is not', null);
  return (await query.execute()).map(toIssue);
}

export async function findIssue(db: Db, scope: IssueScope, id: number): Promise<SyncIssue | undefined> {
  const row = await issues(db, scope).where('s.server_seq', '=', String(id)).executeTakeFirst();
  return row && toIssue(row);
}
