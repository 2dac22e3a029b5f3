import { sql } from 'kysely';
import type { Db } from '../../db/schema';

/**
 * Stored offline copies of permits (decision 0082; the tables: migration
 * 2026-12-04T0900-offline-permit-snapshots). A copy is read inside one repeatable-read snapshot and
 * stored with it; it stays current while every change recorded for its permit (or for every permit)
 * was made by a transaction that snapshot had already seen. Nothing here trusts a writer to say so:
 * the tables' triggers record every change, and a change committed after the snapshot was taken —
 * even by a transaction already running then — is one the snapshot did not see.
 */

/** A copy read longer ago than this is not stored; pruning folds only changes finished before a mark this old. */
export const SNAPSHOT_STORE_WITHIN_MS = 10 * 60_000;

/** The snapshot the calling transaction reads in (call it inside the page's repeatable-read transaction). */
export async function currentSnapshot(db: Db): Promise<string> {
  const { rows } = await sql<{ taken: string }>`select pg_current_snapshot()::text as taken`.execute(db);
  return rows[0]!.taken;
}

/**
 * A stored copy: its text with markers (offline-copies.ts), the digest of that text (`copyDigest`:
 * '' for a copy stored before digests), its flags' inputs (JSON) and the shared values it names.
 */
export interface StoredCopy {
  body: string;
  digest: string;
  inputs: string;
  valueKeys: string[];
}

/** What tells whether a permit changed for a viewer without its text: the copy's digest and its flags' inputs. */
export type StoredDigest = Pick<StoredCopy, 'digest' | 'inputs'>;

/**
 * The stored copies of these permits of the facility that are still current: `columns` of each.
 * The changes of every permit are checked once per snapshot the page's copies were read in (a page
 * stored together shares one), not once per copy: a seeded or busy facility has hundreds.
 */
function currentRows<R>(db: Db, facilityId: number, ids: readonly number[], columns: readonly string[]) {
  const read = sql.raw(columns.map((c) => `s.${c}`).join(', '));
  const answered = sql.raw(
    columns.map((c) => `p.${c} as "${c.replace(/_(.)/g, (_, l: string) => l.toUpperCase())}"`).join(', '),
  );
  return sql<{ permitId: number } & R>`
    with page as (
      select s.permit_id, s.taken, s.taken::text as snapshot, ${read}
      from offline_permit_snapshots s
      where s.facility_id = ${facilityId} and s.permit_id = any(${[...ids]}::int[])
    ), snapshots as (
      select distinct on (snapshot) snapshot, taken from page
    ), outdated as (
      select snapshot from snapshots n
      where exists (
        select 1 from offline_permit_changes c
        where c.permit_id is null and not pg_visible_in_snapshot(c.xid, n.taken))
    )
    select p.permit_id as "permitId", ${answered} from page p
    where p.snapshot not in (select snapshot from outdated)
      and not exists (
        select 1 from offline_permit_changes c
        where c.permit_id = p.permit_id and not pg_visible_in_snapshot(c.xid, p.taken))`.execute(db);
}

/** The stored copies of these permits of the facility that are still current, by permit ID. */
export async function currentSnapshots(
  db: Db,
  facilityId: number,
  ids: readonly number[],
): Promise<Map<number, StoredCopy>> {
  if (!ids.length) return new Map();
  const { rows } = await currentRows<{ body: string; digest: string; inputs: string; valueKeys: string }>(
    db,
    facilityId,
    ids,
    ['body', 'digest', 'inputs', 'value_keys'],
  );
  // The hashes travel as one text (an array of them was parsed anew for every row), split once per
  // distinct text: most permits of a type name the same values, and share the one list.
  const lists = new Map<string, string[]>();
  const listOf = (text: string) => {
    let list = lists.get(text);
    if (!list) lists.set(text, (list = text ? text.split(' ') : []));
    return list;
  };
  return new Map(
    rows.map(({ permitId, body, digest, inputs, valueKeys }) => [
      permitId,
      { body, digest, inputs, valueKeys: listOf(valueKeys) },
    ]),
  );
}

/** The digests and flag inputs of these permits' current copies that have a digest, by permit ID (no texts read). */
export async function currentDigests(
  db: Db,
  facilityId: number,
  ids: readonly number[],
): Promise<Map<number, StoredDigest>> {
  if (!ids.length) return new Map();
  const { rows } = await currentRows<StoredDigest>(db, facilityId, ids, ['digest', 'inputs']);
  return new Map(
    rows.filter((r) => r.digest !== '').map(({ permitId, digest, inputs }) => [permitId, { digest, inputs }]),
  );
}

/**
 * Stores copies read in snapshot `taken` (`ageMs` ago, by a monotonic clock), replacing older ones. Called on a
 * connection of its own: the page's transaction is read-only. A copy outdated meanwhile is stored
 * all the same and simply never answered (`currentSnapshots`); one read too long ago is not stored.
 */
export async function storeSnapshots(
  db: Db,
  facilityId: number,
  copy: { taken: string; ageMs: number },
  rows: readonly ({ permitId: number } & StoredCopy)[],
  values: ReadonlyMap<string, string>,
): Promise<number> {
  if (!rows.length || copy.ageMs > SNAPSHOT_STORE_WITHIN_MS) return 0;
  if (values.size) {
    // In hash order, as the copies below go in permit order: two pages stored at once take their
    // rows' locks in the same order and never wait on each other in a circle.
    const sorted = [...values].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    await sql`
      insert into offline_copy_values (hash, value)
      select v.hash, v.value
      from unnest(${sorted.map(([hash]) => hash)}::text[], ${sorted.map(([, value]) => value)}::text[])
        with ordinality as v (hash, value, n)
      order by n
      on conflict (hash) do nothing`.execute(db);
  }
  const result = await sql`
    insert into offline_permit_snapshots (permit_id, facility_id, taken, body, digest, inputs, value_keys)
    select r.permit_id, ${facilityId}, ${copy.taken}::pg_snapshot, r.body, r.digest, r.inputs,
      r.value_keys
    from unnest(
      ${rows.map((r) => r.permitId)}::int[], ${rows.map((r) => r.body)}::text[],
      ${rows.map((r) => r.digest)}::text[], ${rows.map((r) => r.inputs)}::text[],
      ${rows.map((r) => r.valueKeys.join(' '))}::text[]
    ) as r (permit_id, body, digest, inputs, value_keys)
    join permits p on p.id = r.permit_id and p.facility_id = ${facilityId}
    order by r.permit_id
    on conflict (permit_id) do update
      set taken = excluded.taken, body = excluded.body, digest = excluded.digest, inputs = excluded.inputs,
        value_keys = excluded.value_keys`.execute(db);
  return Number(result.numAffectedRows ?? 0);
}

/** The shared values named by hash (content-addressed: any copy naming a hash shows exactly that value). */
export async function copyValues(db: Db, hashes: readonly string[]): Promise<Map<string, string>> {
  if (!hashes.length) return new Map();
  const { rows } = await sql<{ hash: string; value: string }>`
    select hash, value from offline_copy_values where hash = any(${[...hashes]}::text[])`.execute(db);
  return new Map(rows.map((r) => [r.hash, r.value]));
}
