import { sql } from 'kysely';
import type { AuditEntry, AuditFacets, AuditPage, AuditScope } from '@hasp/contracts';
import type { Db } from '../../db/schema';

export interface AuditFilters {
  facilityId: number;
  scope: AuditScope;
  from?: string | undefined;
  to?: string | undefined;
  userId?: number | undefined;
  action?: string | undefined;
  entityType?: string | undefined;
  entityId?: string | undefined;
  cursor?: string | undefined;
  pageSize: number;
}

/**
 * A page position: the last entry's time in microseconds since the epoch and its ID. Microseconds
 * are exact in PostgreSQL (a JavaScript Date would drop them and skip or repeat entries).
 */
const parseCursor = (cursor: string) => {
  const [micros, id] = cursor.split('.') as [string, string];
  return { micros, id };
};

/**
 * The newest entries of one branch of the scope (this facility's, or the connection-wide ones),
 * each branch read newest-first along the (facility_id, occurred_at) index.
 */
function branch(db: Db, facilityId: number | null, filters: AuditFilters) {
  let query = db
    .selectFrom('audit_log as a')
    .leftJoin('users as u', 'u.id', 'a.user_id')
    .select([
      'a.id',
      'a.occurred_at',
      'a.facility_id',
      'a.user_id',
      'a.action',
      'a.entity_type',
      'a.entity_id',
      'a.before',
      'a.after',
      'u.display_name',
      'u.user_name',
      sql<string>`(extract(epoch from a.occurred_at) * 1000000)::bigint::text`.as('micros'),
    ])
    .where('a.facility_id', facilityId === null ? 'is' : '=', facilityId)
    .orderBy('a.occurred_at', 'desc')
    .orderBy('a.id', 'desc')
    .limit(filters.pageSize + 1);
  if (filters.from) query = query.where('a.occurred_at', '>=', new Date(filters.from));
  if (filters.to) query = query.where('a.occurred_at', '<', new Date(filters.to));
  if (filters.userId !== undefined) query = query.where('a.user_id', '=', filters.userId);
  if (filters.action) query = query.where('a.action', '=', filters.action);
  if (filters.entityType) query = query.where('a.entity_type', '=', filters.entityType);
  if (filters.entityId) query = query.where('a.entity_id', '=', filters.entityId);
  if (filters.cursor) {
    const { micros, id } = parseCursor(filters.cursor);
    const at = sql`timestamptz 'epoch' + ${micros}::bigint * interval '1 microsecond'`;
    query = query.where(sql<boolean>`(a.occurred_at, a.id) < (${at}, ${id}::bigint)`);
  }
  return query;
}

type Row = Awaited<ReturnType<ReturnType<typeof branch>['execute']>>[number];

const newerFirst = (a: Row, b: Row) => {
  const byTime = BigInt(b.micros) - BigInt(a.micros);
  if (byTime !== 0n) return byTime > 0n ? 1 : -1;
  const byId = BigInt(b.id) - BigInt(a.id);
  return byId > 0n ? 1 : byId < 0n ? -1 : 0;
};

const toEntry = (r: Row): AuditEntry => ({
  ID: String(r.id),
  occurredAt: new Date(r.occurred_at).toISOString(),
  user: r.user_id === null ? null : { ID: r.user_id, displayName: r.display_name ?? '', userName: r.user_name ?? '' },
  facilityID: r.facility_id,
  action: r.action,
  entityType: r.entity_type,
  entityID: r.entity_id,
  before: r.before ?? null,
  after: r.after ?? null,
});

/**
 * One page of the audit log, newest first, with keyset paging: the two scope branches are read
 * separately (each a short index range scan, fast at any table size) and merged here.
 */
export async function listAuditEntries(db: Db, filters: AuditFilters): Promise<AuditPage> {
  const branches: (number | null)[] =
    filters.scope === 'facility'
      ? [filters.facilityId]
      : filters.scope === 'connection'
        ? [null]
        : [filters.facilityId, null];
  const rows = (await Promise.all(branches.map((b) => branch(db, b, filters).execute()))).flat().sort(newerFirst);
  const page = rows.slice(0, filters.pageSize);
  const last = page.at(-1);
  return {
    items: page.map(toEntry),
    nextCursor: rows.length > filters.pageSize && last ? `${last.micros}.${last.id}` : null,
  };
}

/** The actions, entity types and users that occur in the caller's entries, for the filters (one pass). */
export async function listAuditFacets(db: Db, facilityId: number): Promise<AuditFacets> {
  const combos = await db
    .selectFrom('audit_log as a')
    .leftJoin('users as u', 'u.id', 'a.user_id')
    .select(['a.action', 'a.entity_type', 'a.user_id', 'u.display_name'])
    .where((eb) => eb.or([eb('a.facility_id', '=', facilityId), eb('a.facility_id', 'is', null)]))
    .groupBy(['a.action', 'a.entity_type', 'a.user_id', 'u.display_name'])
    .execute();
  const sorted = (values: Iterable<string>) => [...new Set(values)].sort((a, b) => a.localeCompare(b));
  const users = new Map<number, string>();
  for (const c of combos) if (c.user_id !== null) users.set(c.user_id, c.display_name ?? '');
  return {
    actions: sorted(combos.map((c) => c.action)),
    entityTypes: sorted(combos.map((c) => c.entity_type)),
    users: [...users]
      .map(([ID, displayName]) => ({ ID, displayName }))
      .sort((a, b) => a.displayName.localeCompare(b.displayName)),
  };
}
