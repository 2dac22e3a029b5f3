import { sql, type RawBuilder } from 'kysely';
import type { AssetStatus, TreeChildrenPage, TreeNode, TreeNodeKind, TreePathEntry } from '@hasp/contracts';
import type { Db } from '../../db/schema';
import { AppError } from '../../plugins/app-error';

interface NodeRow {
  kind: TreeNodeKind;
  id: number;
  number: string;
  name: string;
  status: AssetStatus | null;
  child_count: string | number;
}

const toNode = (r: NodeRow): TreeNode => ({
  kind: r.kind,
  ID: r.id,
  number: r.number,
  name: r.name,
  status: r.status,
  childCount: Number(r.child_count),
  hasChildren: Number(r.child_count) > 0,
});

// Children counts, as lateral subqueries so a page only counts its own nodes (each an index scan).
const areaChildCount = sql`(select count(*) from areas c where c.facility_id = a.facility_id and c.parent_area_id = a.id)
  + (select count(*) from assets s where s.area_id = a.id and s.parent_asset_id is null)`;
const assetChildCount = sql`(select count(*) from assets c where c.parent_asset_id = s.id)`;

/** The cursor is the last node's place in the order: areas (0) before assets (1), then by number. */
function decodeCursor(cursor: string | undefined): { rank: number; number: string } | null {
  if (!cursor) return null;
  try {
    const value: unknown = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
    if (Array.isArray(value)) {
      const [rank, number] = value as unknown[];
      if ((rank === 0 || rank === 1) && typeof number === 'string') return { rank, number };
    }
  } catch {
    // falls through to the validation error
  }
  throw AppError.validation([{ field: 'cursor', message: 'Invalid cursor' }]);
}
const encodeCursor = (node: TreeNode) =>
  Buffer.from(JSON.stringify([node.kind === 'area' ? 0 : 1, node.number])).toString('base64url');

/** One page of a node's children (no parent: the top areas). A parent of another facility → 404. */
export async function listTreeChildren(
  db: Db,
  facilityId: number,
  parent: { kind: TreeNodeKind; id: number } | null,
  limit: number,
  cursor: string | undefined,
): Promise<TreeChildrenPage> {
  const after = decodeCursor(cursor);
  const areasAfter = after === null ? sql`true` : after.rank === 0 ? sql`a.number > ${after.number}` : sql`false`;
  const assetsAfter = after === null || after.rank === 0 ? sql`true` : sql`s.number > ${after.number}`;
  let areas = sql`select 0 as rank, 'area' as kind, a.id, a.number, a.name, null as status, ${areaChildCount} as child_count
    from areas a where false`;
  let assets = sql`select 1 as rank, 'asset' as kind, s.id, s.number, s.description as name, s.status, ${assetChildCount} as child_count
    from assets s where false`;
  let total;
  if (parent === null) {
    areas = sql`select 0 as rank, 'area' as kind, a.id, a.number, a.name, null as status, ${areaChildCount} as child_count
      from areas a where a.facility_id = ${facilityId} and a.parent_area_id is null and ${areasAfter}
      order by a.number limit ${limit + 1}`;
    total = sql`select count(*) as total from areas where facility_id = ${facilityId} and parent_area_id is null`;
  } else if (parent.kind === 'area') {
    const found = await db
      .selectFrom('areas')
      .select('id')
      .where('id', '=', parent.id)
      .where('facility_id', '=', facilityId)
      .executeTakeFirst();
    if (!found) throw AppError.notFound('Area');
    areas = sql`select 0 as rank, 'area' as kind, a.id, a.number, a.name, null as status, ${areaChildCount} as child_count
      from areas a where a.facility_id = ${facilityId} and a.parent_area_id = ${parent.id} and ${areasAfter}
      order by a.number limit ${limit + 1}`;
    assets = sql`select 1 as rank, 'asset' as kind, s.id, s.number, s.description as name, s.status, ${assetChildCount} as child_count
      from assets s where s.area_id = ${parent.id} and s.parent_asset_id is null and ${assetsAfter}
      order by s.number limit ${limit + 1}`;
    total = sql`select (select count(*) from areas where facility_id = ${facilityId} and parent_area_id = ${parent.id})
      + (select count(*) from assets where area_id = ${parent.id} and parent_asset_id is null) as total`;
  } else {
    const found = await db
      .selectFrom('assets')
      .select('id')
      .where('id', '=', parent.id)
      .where('facility_id', '=', facilityId)
      .executeTakeFirst();
    if (!found) throw AppError.notFound('Asset');
    assets = sql`select 1 as rank, 'asset' as kind, s.id, s.number, s.description as name, s.status, ${assetChildCount} as child_count
      from assets s where s.parent_asset_id = ${parent.id} and ${assetsAfter}
      order by s.number limit ${limit + 1}`;
    total = sql`select count(*) as total from assets where parent_asset_id = ${parent.id}`;
  }
  const [page, count] = await Promise.all([
    sql<NodeRow>`select kind, id, number, name, status, child_count from (
        (${areas}) union all (${assets})
      ) x order by rank, number limit ${limit + 1}`.execute(db),
    total.execute(db),
  ]);
  const nodes = page.rows.slice(0, limit).map(toNode);
  const last = nodes.at(-1);
  return {
    nodes,
    nextCursor: page.rows.length > limit && last ? encodeCursor(last) : null,
    total: Number((count.rows[0] as { total: string | number } | undefined)?.total ?? 0),
  };
}

/** Escapes LIKE wildcards so a search for "50%" finds that text. */
const likeEscape = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

interface SearchRow {
  role: 'hit' | 'area' | 'asset';
  kind: TreeNodeKind;
  id: number;
  number: string;
  name: string;
  status: AssetStatus | null;
  child_count: string | null;
  area_id: number | null;
  parent_id: number | null;
}

/** One match tier of one table: its own ORDER BY number and LIMIT, so no tier sorts every match. */
function tier(facilityId: number, table: 'areas' | 'assets', rank: number, where: RawBuilder<unknown>, take: number) {
  return table === 'areas'
    ? sql`(select 'area' as kind, a.id, a.number, a.name, null::text as status, ${sql.lit(rank)} as rank
        from areas a where a.facility_id = ${facilityId} and ${where} order by a.number limit ${take})`
    : sql`(select 'asset' as kind, s.id, s.number, s.description as name, s.status, ${sql.lit(rank)} as rank
        from assets s where s.facility_id = ${facilityId} and ${where} order by s.number limit ${take})`;
}

/**
 * The recursive CTEs that walk up from a set of nodes: `up_assets` holds the start assets and
 * every asset above them, `up_areas` the start areas, the areas of those assets, and every area
 * above them. `startAssets` and `startAreas` are SQL that select ids.
 */
const ancestorCtes = (facilityId: number, startAssets: RawBuilder<unknown>, startAreas: RawBuilder<unknown>) => sql`
  up_assets as (
    select s.id, s.number, s.description as name, s.area_id, s.parent_asset_id from assets s
    where s.facility_id = ${facilityId} and s.id in (${startAssets})
    union
    select p.id, p.number, p.description, p.area_id, p.parent_asset_id
    from assets p join up_assets u on p.id = u.parent_asset_id
  ),
  up_areas as (
    select a.id, a.number, a.name, a.parent_area_id from areas a
    where a.facility_id = ${facilityId} and a.id in (${startAreas} union select area_id from up_assets)
    union
    select p.id, p.number, p.name, p.parent_area_id from areas p join up_areas u on p.id = u.parent_area_id
  )`;
const ancestorRows = sql`
  select 'asset' as role, 'asset' as kind, id, number, name, null as status, null::int as rank,
         null::bigint as child_count, area_id, parent_asset_id as parent_id from up_assets
  union all
  select 'area', 'area', id, number, name, null, null, null, null, parent_area_id from up_areas`;

/** Builds each node's path from the ancestor rows (top area first, the node's parent last). */
function pathFinder(rows: SearchRow[]) {
  const areas = new Map(rows.filter((r) => r.role === 'area').map((r) => [r.id, r]));
  const assets = new Map(rows.filter((r) => r.role === 'asset').map((r) => [r.id, r]));
  const walk = (map: Map<number, SearchRow>, id: number | null, kind: TreeNodeKind): TreePathEntry[] => {
    const chain: TreePathEntry[] = [];
    // Bounded by the rows read, so a damaged parent chain can never loop forever.
    for (let row = id === null ? undefined : map.get(id); row && chain.length <= map.size;) {
      chain.unshift({ kind, ID: row.id, number: row.number, name: row.name });
      row = row.parent_id === null ? undefined : map.get(row.parent_id);
    }
    return chain;
  };
  return (node: { kind: TreeNodeKind; ID: number }): TreePathEntry[] => {
    if (node.kind === 'area') return walk(areas, areas.get(node.ID)?.parent_id ?? null, 'area');
    const self = assets.get(node.ID);
    return [...walk(areas, self?.area_id ?? null, 'area'), ...walk(assets, self?.parent_id ?? null, 'asset')];
  };
}

/**
 * Search with the path to every match, in one statement. Areas and assets match when their number
 * equals the text (rank 0), starts with it (1), or their name (an asset's description) contains it
 * (2), case-insensitive; results are ordered by rank, then number. Each tier is a separate indexed
 * query with its own limit, so a broad text ("pump" in 70,000 names) stops after `limit + 1` rows
 * instead of sorting every match. The ancestors come from recursive CTEs over that page only, and
 * children are counted for the page only. One row more than `limit` is read, to tell whether the
 * list is cut.
 */
export async function searchWithPaths(
  db: Db,
  facilityId: number,
  query: string,
  limit: number,
): Promise<{ results: { node: TreeNode; path: TreePathEntry[] }[]; truncated: boolean }> {
  const q = query.toLowerCase();
  const prefix = `${likeEscape(q)}%`;
  const contains = `%${likeEscape(q)}%`;
  const take = limit + 1;
  const tiers = [
    sql`lower(a.number) = ${q}`,
    sql`lower(a.number) like ${prefix} and lower(a.number) <> ${q}`,
    sql`lower(a.name) like ${contains} and lower(a.number) not like ${prefix}`,
    sql`lower(s.number) = ${q}`,
    sql`lower(s.number) like ${prefix} and lower(s.number) <> ${q}`,
    sql`lower(s.description) like ${contains} and lower(s.number) not like ${prefix}`,
  ];
  const union = sql.join(
    tiers.map((where, i) => tier(facilityId, i < 3 ? 'areas' : 'assets', i % 3, where, take)),
    sql` union all `,
  );
  const result = await sql<SearchRow>`
    with recursive hits as (
      select * from (${union}) t order by rank, number limit ${take}
    ),
    ${ancestorCtes(facilityId, sql`select id from hits where kind = 'asset'`, sql`select id from hits where kind = 'area'`)}
    select * from (
      select 'hit' as role, h.kind, h.id, h.number, h.name, h.status, h.rank,
        case when h.kind = 'area'
             then (select count(*) from areas c where c.facility_id = ${facilityId} and c.parent_area_id = h.id)
                + (select count(*) from assets s where s.area_id = h.id and s.parent_asset_id is null)
             else (select count(*) from assets c where c.parent_asset_id = h.id) end as child_count,
        null::int as area_id, null::int as parent_id
      from hits h
      union all ${ancestorRows}
    ) x order by role = 'hit' desc, rank, number`.execute(db);
  const hits = result.rows.filter((r) => r.role === 'hit');
  const pathOf = pathFinder(result.rows);
  return {
    results: hits.slice(0, limit).map((hit) => {
      const node = toNode({ ...hit, child_count: hit.child_count ?? 0 });
      return { node, path: pathOf(node) };
    }),
    truncated: hits.length > limit,
  };
}

/**
 * The path from the top area down to each node's parent (for pages and moves): one statement
 * whose recursive CTEs walk up the asset and area chains of all the nodes at once.
 */
export async function ancestorPaths(
  db: Db,
  facilityId: number,
  nodes: { kind: TreeNodeKind; ID: number }[],
): Promise<Map<string, TreePathEntry[]>> {
  const assetIds = nodes.filter((n) => n.kind === 'asset').map((n) => n.ID);
  const areaIds = nodes.filter((n) => n.kind === 'area').map((n) => n.ID);
  const result = await sql<SearchRow>`
    with recursive ${ancestorCtes(facilityId, sql`select unnest(${assetIds}::int[])`, sql`select unnest(${areaIds}::int[])`)}
    ${ancestorRows}`.execute(db);
  const pathOf = pathFinder(result.rows);
  return new Map(nodes.map((node) => [`${node.kind}:${node.ID}`, pathOf(node)]));
}
