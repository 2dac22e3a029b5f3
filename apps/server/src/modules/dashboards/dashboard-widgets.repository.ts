import { sql, type RawBuilder } from 'kysely';
import * as z from 'zod/mini';
import {
  permitIndexFilterSchema,
  permitIndexViewLabels,
  permitIndexWidgetViewLabels,
  permitStatuses,
  worklistsFor,
  type DashboardWidgetData,
  type DashboardWidgetKind,
} from '@hasp/contracts';
import type { Db } from '../../db/schema';
import { permitIndexConditions, type IndexScope } from '../permits';

/** A permit index query as its URL carries it: what a number links to. */
type Filter = Record<string, string>;
type Item = DashboardWidgetData['items'][number];

/**
 * Every number of every widget counts permits through the permit index's own WHERE (its filter
 * parsed by the index's schema), so a number and the index it opens always agree (decision 0075).
 */
function where(scope: IndexScope, filter: Filter): RawBuilder<unknown> {
  const parsed = z.parse(permitIndexFilterSchema, filter);
  return sql`${sql.join(permitIndexConditions(scope, parsed), sql` and `)}`;
}

/** Permits still to be dealt with: every status but closed and cancelled. */
export const openStatuses = permitStatuses.filter((s) => s !== 'closed' && s !== 'cancelled').join(',');

/** One number per filter, in one statement (one pool connection). */
async function counts(db: Db, scope: IndexScope, filters: Filter[]): Promise<number[]> {
  const columns = filters.map(
    (filter, i) => sql`(select count(*) from permits p where ${where(scope, filter)}) as ${sql.ref(`n${i}`)}`,
  );
  const { rows } = await sql<Record<string, string>>`select ${sql.join(columns)}`.execute(db);
  return filters.map((_, i) => Number(rows[0]![`n${i}`]));
}

/** The filter's permits split by permit type (each item opens the filter narrowed to its type). */
async function byType(db: Db, scope: IndexScope, filter: Filter): Promise<Item[]> {
  // Counted by type ID first, then named: the join runs once per type, not once per permit.
  const { rows } = await sql<{ code: string; name: string; n: string }>`
    select t.code, t.name, x.n from (
      select p.permit_type_id, count(*) as n from permits p where ${where(scope, filter)} group by p.permit_type_id
    ) x join permit_types t on t.id = x.permit_type_id order by x.n desc, t.name`.execute(db);
  return rows.map((r) => ({
    key: r.code,
    label: r.name,
    count: Number(r.n),
    filter: { ...filter, permitType: r.code },
  }));
}

/** A widget whose headline is one view, split by type. */
async function viewByType(db: Db, scope: IndexScope, kind: DashboardWidgetKind, filter: Filter) {
  const items = await byType(db, scope, filter);
  return { kind, total: items.reduce((n, i) => n + i.count, 0), filter, items };
}

/**
 * The caller's worklists (only those they could ever act on: a worker gets no approval list), then
 * what they hold and the tags they applied; each number opens the index on that list.
 */
async function myWork(db: Db, scope: IndexScope): Promise<DashboardWidgetData> {
  const lists = worklistsFor({
    view: scope.viewTypeIds.length > 0,
    approve: scope.approveTypeIds.length > 0,
    issue: scope.issueTypeIds.length > 0,
  });
  const views = [
    ...lists.map((key) => ({ key, label: permitIndexViewLabels[key] })),
    { key: 'held', label: permitIndexViewLabels.held },
    { key: 'tagged', label: permitIndexWidgetViewLabels.tagged },
  ];
  const filters = views.map((v) => ({ view: v.key }));
  const numbers = await counts(db, scope, filters);
  return {
    kind: 'my-work',
    total: numbers.reduce((a, b) => a + b, 0),
    filter: filters[0]!,
    items: views.map((v, i) => ({ ...v, count: numbers[i]!, filter: filters[i]! })),
  };
}

async function byStatus(db: Db, scope: IndexScope): Promise<DashboardWidgetData> {
  const filter = { status: openStatuses };
  const { rows } = await sql<{ status: string; n: string }>`
    select p.status, count(*) as n from permits p where ${where(scope, filter)} group by p.status`.execute(db);
  const found = new Map(rows.map((r) => [r.status, Number(r.n)]));
  // In lifecycle order, only the statuses that have permits.
  const items = openStatuses
    .split(',')
    .filter((s) => found.has(s))
    .map((s) => ({ key: s, label: s, count: found.get(s)!, filter: { status: s } }));
  return { kind: 'permits-by-status', total: items.reduce((n, i) => n + i.count, 0), filter, items };
}

/** Permits with live isolations, by top-level area (each opens that area and the areas below it). */
async function isolationsByArea(db: Db, scope: IndexScope): Promise<DashboardWidgetData> {
  const filter = { view: 'isolated' };
  // One pass: permits without an area count in the total only (the index cannot filter "no area").
  const { rows } = await sql<{ root: number | null; n: string }>`
    with recursive tree(id, root) as (
      select id, id from areas where facility_id = ${scope.facilityId} and parent_area_id is null
      union all
      select c.id, tree.root from areas c join tree on c.parent_area_id = tree.id where c.facility_id = ${scope.facilityId}
    )
    -- Driven from the live points (few) to their permits, not from every permit to an EXISTS probe:
    -- the same permits as the index's view=isolated.
    , live as (
      select distinct pip.permit_id from permit_isolation_points pip
      where pip.facility_id = ${scope.facilityId} and pip.removed_at is null
        and pip.state in ('isolated', 'verified', 'test_released')
    )
    select tree.root, count(*) as n from live join permits p on p.id = live.permit_id
    left join tree on tree.id = p.area_id
    where ${where(scope, {})} group by tree.root`.execute(db);
  const roots = rows.filter((r) => r.root !== null).map((r) => r.root!);
  const names = roots.length
    ? await db.selectFrom('areas').select(['id', 'number', 'name']).where('id', 'in', roots).execute()
    : [];
  const items = rows
    .filter((r) => r.root !== null)
    .map((r) => {
      const area = names.find((a) => a.id === r.root)!;
      return {
        key: String(r.root),
        label: `${area.number} ${area.name}`,
        count: Number(r.n),
        filter: { ...filter, areaId: String(r.root) },
      };
    })
    .sort((a, b) => b.count - a.count || a.label.localeCompare(b.label));
  return { kind: 'isolations-by-area', total: rows.reduce((n, r) => n + Number(r.n), 0), filter, items };
}

/** How many shared points the widget lists (the busiest first); the total counts them all. */
const SHARED_POINTS_SHOWN = 10;

/** Isolation points live on two or more permits the caller may view. */
async function sharedPoints(db: Db, scope: IndexScope): Promise<DashboardWidgetData> {
  // Counted from the live points' own index; the permits are read only when some types are hidden.
  const viewable = scope.viewsAllTypes
    ? sql``
    : sql`and pip.permit_id in (select p.id from permits p where ${where(scope, {})})`;
  const held = await sql<{ id: number; code: string; asset: string; n: string; points: string }>`
    with shared as (
      select pip.isolation_point_id as id, count(*) as n, count(*) over () as points
      from permit_isolation_points pip
      where pip.facility_id = ${scope.facilityId} and pip.removed_at is null
        and pip.state in ('isolated', 'verified', 'test_released') ${viewable}
      group by pip.isolation_point_id having count(*) > 1
      order by count(*) desc, pip.isolation_point_id limit ${SHARED_POINTS_SHOWN}
    )
    select shared.id, ip.code, a.number as asset, shared.n, shared.points
    from shared join isolation_points ip on ip.id = shared.id join assets a on a.id = ip.asset_id
    order by shared.n desc, a.number, ip.code`.execute(db);
  const items = held.rows.map((r) => ({
    key: String(r.id),
    label: `${r.asset} ${r.code}`,
    count: Number(r.n),
    filter: { pointId: String(r.id) },
  }));
  return { kind: 'shared-points', total: Number(held.rows[0]?.points ?? 0), filter: { view: 'isolated' }, items };
}

async function locks(db: Db, scope: IndexScope): Promise<DashboardWidgetData> {
  const views = [
    { key: 'locked', label: 'Locks in use' },
    { key: 'locks-overdue', label: 'Locks overdue' },
  ];
  const filters = views.map((v) => ({ view: v.key }));
  const numbers = await counts(db, scope, filters);
  return {
    kind: 'locks',
    total: numbers[0]!,
    filter: filters[0]!,
    items: views.map((v, i) => ({ ...v, count: numbers[i]!, filter: filters[i]! })),
  };
}

/** One widget's numbers, read afresh. */
export function readWidget(db: Db, scope: IndexScope, kind: DashboardWidgetKind): Promise<DashboardWidgetData> {
  if (!scope.viewTypeIds.length) return Promise.resolve({ kind, total: 0, filter: {}, items: [] });
  switch (kind) {
    case 'my-work':
      return myWork(db, scope);
    case 'permits-by-status':
      return byStatus(db, scope);
    case 'permits-by-type':
      return viewByType(db, scope, kind, { status: openStatuses });
    case 'expiring-soon':
      return viewByType(db, scope, kind, { view: 'expiring' });
    case 'isolations-by-area':
      return isolationsByArea(db, scope);
    case 'shared-points':
      return sharedPoints(db, scope);
    case 'locks':
      return locks(db, scope);
    case 'sync-conflicts':
      return viewByType(db, scope, kind, { view: 'sync-conflicts' });
    case 'gas-out-of-limits':
      return viewByType(db, scope, kind, { view: 'gas-out-of-limits' });
  }
}
