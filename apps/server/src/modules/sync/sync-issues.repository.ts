import { sql } from 'kysely';
import type { ApiError, SyncIssue, SyncIssueQuery } from '@hasp/contracts';
import type { Db } from '../../db/schema';

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
      // Who changed the record last before the device's change arrived: the permit's own rows and
      // its plan's (audited by the permit's id), or the command's own record (a tag, a lockbox).
      // Both lookups go through the audit log's (entity_type, entity_id) index.
      sql<{ name: string | null; at: Date } | null>`(
        select json_build_object('name', u.display_name, 'at', l.occurred_at)
        from audit_log l left join users u on u.id = l.user_id
        where s.outcome = 'conflict' and l.facility_id = s.facility_id and l.occurred_at <= s.synced_at
          and (
            (l.entity_type in ('permit', 'isolation-plan') and l.entity_id = s.permit_id::text)
            or (l.entity_type = split_part(s.name, '.', 1) and l.entity_id = s.target)
          )
        order by l.id desc limit 1
      )`.as('changed_by'),
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
    server:
      row.server_version !== null
        ? {
            version: row.server_version,
            state: row.server_state,
            changedBy: row.changed_by
              ? { name: row.changed_by.name ?? '', at: new Date(row.changed_by.at).toISOString() }
              : null,
          }
        : null,
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
