import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pruneChanges } from '../src/modules/offline/offline-copies.job';
import {
  currentSnapshot,
  currentSnapshots,
  SNAPSHOT_STORE_WITHIN_MS,
  storeSnapshots,
} from '../src/modules/offline/offline-snapshots.repository';
import { createTestApp, login, type TestApp } from './test-app';
import { firstAssetOf } from './support/asset-fixtures';
import { insertHazardLine } from './support/offline-fixtures';
import { lotoPermit } from './support/tag-fixtures';
import { waitUntil } from './support/wait-until';

/**
 * Stored offline copies (decision 0082): a copy is current exactly while nothing it was read from
 * changed since its snapshot — whoever wrote, through which path, and whenever their transaction
 * began (what the triggers watch: offline-download-bulk.test.ts checks it is all a copy reads).
 */
let t: TestApp;
const db = () => t.connections[0]!.db;
let permitA: number;
let permitB: number;

/** A copy of each permit read in one repeatable-read snapshot, as the download's page reads. */
async function readCopies(ids: number[]) {
  const taken = await db()
    .transaction()
    .setIsolationLevel('repeatable read')
    .execute(async (trx) => {
      const snapshot = await currentSnapshot(trx);
      const { rows } = await sql<{ id: number; title: string }>`
        select id, title from permits where id = any(${ids}::int[])`.execute(trx);
      return { snapshot, rows };
    });
  return storeSnapshots(
    db(),
    1,
    { taken: taken.snapshot, ageMs: 0 },
    taken.rows.map((r) => ({ permitId: r.id, body: JSON.stringify(r), digest: '', inputs: '{}', valueKeys: [] })),
    new Map(),
  );
}
const current = async () => [...(await currentSnapshots(db(), 1, [permitA, permitB])).keys()].sort();

beforeAll(async () => {
  t = await createTestApp();
  const token = (await login(t.app, { username: 'supervisor', facilityId: 1 })).json<{ token: string }>().token;
  permitA = await lotoPermit(t, token, 'Snapshot A');
  permitB = await lotoPermit(t, token, 'Snapshot B');
}, 120_000);

afterAll(async () => {
  await t?.close();
});

describe('offline permit copies', () => {
  it("stays current until its permit's own rows change, and only that permit's", async () => {
    expect(await readCopies([permitA, permitB])).toBe(2);
    expect(await current()).toEqual([permitA, permitB].sort());
    await db().updateTable('permits').set({ title: 'Snapshot A renamed' }).where('id', '=', permitA).execute();
    expect(await current()).toEqual([permitB]);
    await db()
      .insertInto('permit_assets')
      .values({ facility_id: 1, permit_id: permitB, asset_id: (await firstAssetOf(db())).id })
      .onConflict((oc) => oc.doNothing())
      .execute();
    await sql`delete from permit_assets where permit_id = ${permitB}`.execute(db());
    expect(await current()).toEqual([]);
    await readCopies([permitA, permitB]);
    expect(await current()).toEqual([permitA, permitB].sort());
  });

  it('is outdated for every permit when what many permits show changes, not by a sign-in or a lock applied', async () => {
    await readCopies([permitA, permitB]);
    // A sign-in writes the user's failed-attempt count: no permit shows it.
    await sql`update users set failed_login_count = failed_login_count where user_name = 'worker'`.execute(db());
    expect(await current()).toEqual([permitA, permitB].sort());
    await sql`update users set display_name = display_name || '.' where user_name = 'worker'`.execute(db());
    expect(await current()).toEqual([]);
    await readCopies([permitA, permitB]);
    await sql`update permit_types set name = name where facility_id = 1 and code = 'LOTO'`.execute(db());
    expect(await current()).toEqual([]);
    // A lock applied anywhere moves its status: no copy shows that; its serial, every copy may.
    await readCopies([permitA, permitB]);
    await sql`update locks set status = status, version = version + 1, updated_at = now() where facility_id = 1`.execute(
      db(),
    );
    expect(await current()).toEqual([permitA, permitB].sort());
    await sql`update locks set serial = serial where facility_id = 1`.execute(db());
    expect(await current()).toEqual([]);
  });

  it('is outdated by a writer that was already running while it was read, once that writer commits', async () => {
    const writer = await db().startTransaction().execute();
    await writer.updateTable('permits').set({ title: 'Written meanwhile' }).where('id', '=', permitA).execute();
    // Read and stored while the writer runs: the copy has the old title.
    await readCopies([permitA, permitB]);
    expect(await current()).toEqual([permitA, permitB].sort());
    await writer.commit().execute();
    expect(await current()).toEqual([permitB]);
    const rolledBack = await db().startTransaction().execute();
    await readCopies([permitA, permitB]);
    await rolledBack.updateTable('permits').set({ title: 'Never happened' }).where('id', '=', permitB).execute();
    await rolledBack.rollback().execute();
    expect(await current()).toEqual([permitA, permitB].sort());
  });

  it("is outdated by a row that names its permit only through a parent row (a hazard line's control)", async () => {
    const item = (listKey: string) =>
      db()
        .selectFrom('master_list_items')
        .select('id')
        .where('facility_id', '=', 1)
        .where('list_key', '=', listKey)
        .executeTakeFirstOrThrow();
    const line = await insertHazardLine(db(), { permitId: permitA, createdBy: 1 });
    await readCopies([permitA, permitB]);
    await db()
      .insertInto('hazard_analysis_controls')
      .values({
        facility_id: 1,
        line_id: line,
        position: 1,
        control_item_id: (await item('controls')).id,
        removed_at: null,
      })
      .execute();
    expect(await current()).toEqual([permitB]);
  });

  it('is outdated when another permit sharing one of its isolation points changes what "held by" shows', async () => {
    const point = await db()
      .selectFrom('isolation_points')
      .select('id')
      .where('facility_id', '=', 1)
      .orderBy('id')
      .executeTakeFirstOrThrow();
    for (const permitId of [permitA, permitB]) {
      await db()
        .insertInto('permit_isolation_points')
        .values({ facility_id: 1, permit_id: permitId, isolation_point_id: point.id, position: 90 })
        .onConflict((oc) => oc.doNothing())
        .execute();
    }
    await readCopies([permitA, permitB]);
    await db()
      .updateTable('permit_isolation_points')
      .set({ state: 'isolated' })
      .where('permit_id', '=', permitA)
      .where('isolation_point_id', '=', point.id)
      .execute();
    expect(await current()).toEqual([]);
    await readCopies([permitA, permitB]);
    // A's number is what B's plan shows as holding the point.
    await sql`update permits set number = number || '-R' where id = ${permitA}`.execute(db());
    expect(await current()).toEqual([]);
    await readCopies([permitA, permitB]);
    await db().updateTable('permits').set({ title: 'Only A' }).where('id', '=', permitA).execute();
    expect(await current()).toEqual([permitB]);
  });

  it("answers only the facility's own copies, and stores none of another facility's permit", async () => {
    await readCopies([permitA]);
    expect([...(await currentSnapshots(db(), 2, [permitA])).keys()]).toEqual([]);
    const taken = await currentSnapshot(db());
    expect(
      await storeSnapshots(
        db(),
        2,
        { taken, ageMs: 0 },
        [{ permitId: permitA, body: '{}', digest: '', inputs: '{}', valueKeys: [] }],
        new Map(),
      ),
    ).toBe(0);
    expect(
      await storeSnapshots(
        db(),
        1,
        { taken, ageMs: SNAPSHOT_STORE_WITHIN_MS + 1 },
        [{ permitId: permitA, body: '{}', digest: '', inputs: '{}', valueKeys: [] }],
        new Map(),
      ),
    ).toBe(0);
  });

  it('prunes only changes every copy stored from then on has seen, deleting the copies they outdate', async () => {
    const start = new Date();
    await readCopies([permitA, permitB]);
    const xid = await db()
      .transaction()
      .execute(async (trx) => {
        await trx.updateTable('permits').set({ title: 'Pruned change' }).where('id', '=', permitA).execute();
        return (await sql<{ xid: string }>`select pg_current_xact_id()::text as xid`.execute(trx)).rows[0]!.xid;
      });
    // A mark's horizon is the oldest transaction still running on the whole server, other test
    // files' databases included: the mark below covers the change once those older ones have ended.
    await waitUntil(
      async () =>
        (
          await sql<{ past: boolean }>`select pg_snapshot_xmin(pg_current_snapshot()) > ${xid}::xid8 as past`.execute(
            db(),
          )
        ).rows[0]!.past,
      'the transactions older than the change to end',
    );
    // No mark old enough yet: nothing folded.
    expect(await pruneChanges(db(), start)).toEqual({ copies: 0, changes: 0 });
    const later = new Date(start.getTime() + SNAPSHOT_STORE_WITHIN_MS + 1000);
    const pruned = await pruneChanges(db(), later);
    expect(pruned.changes).toBeGreaterThan(0);
    expect(pruned.copies).toBe(1);
    expect(await current()).toEqual([permitB]);
    const { rows } = await sql<{ n: number }>`select count(*)::int as n from offline_permit_changes`.execute(db());
    expect(rows[0]!.n).toBe(0);
  });
});
