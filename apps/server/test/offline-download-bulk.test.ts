import { sql, type KyselyPlugin, type Transaction } from 'kysely';
import type { Database } from '../src/db/schema';
import {
  compactOfflinePermits,
  expandOfflinePermits,
  offlineFlags,
  type OfflineDownload,
  type OfflinePermit,
  type OfflineShared,
} from '@hasp/contracts';
import { assemblePermits, copyOf } from '../src/modules/offline/offline-copies';
import { readOfflineFlagBases, readOfflineFlagContext } from '../src/modules/offline/offline-flags.service';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readOfflinePermit, readOfflinePermits } from '../src/modules/offline';
import { downloadOfflinePermits } from '../src/modules/offline/offline-download.service';
import { findPermitType } from '../src/modules/offline/offline-permits.repository';
import { listFacilityAndConnectionPermissions } from '../src/platform/access/permission-lists';
import { findPermits } from '../src/modules/permits/permit.repository';
import { loadPermitFacts, loadPermitFactsForPermits } from '../src/modules/permits/permit-guards';
import { createTestApp, type TestApp } from './test-app';
import {
  richPermit as richPermitOf,
  richPermits as richPermitsOf,
  userId as userIdOf,
  userIds as userIdsOf,
} from './support/offline-fixtures';

/**
 * The offline download reads a page of permits set-based (decision 0060): each section module's
 * `...ForPermits` reader must answer, for every permit, exactly what its single-permit reader (the
 * section's GET route) answers — for permits with a plan, tags, a lockbox with a crew member,
 * hazard lines, answered questions and gas tests among plainer ones — and nothing of another facility.
 */
let t: TestApp;
const db = () => t.connections[0]!.db;

async function viewerOf(userId: number, facilityId: number) {
  const actor = { userId, facilityId, sessionId: 'bulk-test', deviceId: null };
  return { actor, permissions: await listFacilityAndConnectionPermissions(db(), actor), now: new Date() };
}

beforeAll(async () => {
  t = await createTestApp();
  // LOTO records gas tests in this database too (a type's sections are its facility's choice).
  await sql`update permit_types set sections = array_append(sections, 'gas-tests')
            where facility_id = 1 and code = 'LOTO' and not 'gas-tests' = any(sections)`.execute(db());
  await richPermit('Bulk: rich permit 1');
  await richPermit('Bulk: rich permit 2');
  // Riverside's: a permit under way of another facility (test data only).
  await sql`
    insert into permits (facility_id, permit_type_id, number, status, title, description,
                         planned_start, planned_end, requester_id, risk_level)
    select 2, t.id, 'BULK-R-1', 'active', 'Bulk: Riverside permit', '', now(), now() + interval '4 hours',
           (select user_id from user_facilities where facility_id = 2 order by user_id limit 1), 'low'
    from permit_types t where t.facility_id = 2 and t.code = 'LOTO'`.execute(db());
}, 120_000);

afterAll(async () => {
  await t?.close();
});

describe('readOfflinePermits (set-based) against readOfflinePermit (each section read alone)', () => {
  it('answers every permit of the facility exactly as the single-permit readers do', async () => {
    const rows = await richPermits(1);
    const all = rows.find((r) => r.points && r.tags && r.lockbox && r.hazards && r.answers && r.gas);
    expect(all, 'a demo permit with a plan, tags, a lockbox, hazards, answers and gas tests').toBeDefined();
    // Assets and approvals: the permit's own read for many is set-based too (decision 0070).
    const kinds = ['points', 'tags', 'lockbox', 'members', 'hazards', 'answers', 'gas', 'assets', 'approvals'] as const;
    for (const kind of kinds) {
      expect(
        rows.some((r) => r[kind]),
        kind,
      ).toBe(true);
    }
    // Every permit of the facility, as three users see them (the sections' buttons depend on who asks).
    const ids = rows.map((r) => r.id);
    for (const [userName, userId] of await people(['admin', 'supervisor', 'worker'])) {
      const viewer = await viewerOf(userId, 1);
      const bulk = await readOfflinePermits(db(), viewer, ids);
      const single = [];
      for (const id of ids) single.push(await readOfflinePermit(db(), viewer, id));
      expect(bulk.map((p) => p.permit.ID)).toEqual(ids);
      for (let i = 0; i < ids.length; i += 1) expect(bulk[i], `${userName}: permit ${ids[i]}`).toEqual(single[i]);
      // As a page travels (decision 0065): what the permits repeat sent once, rebuilt on the device.
      const wire = JSON.parse(JSON.stringify(compactOfflinePermits(bulk))) as ReturnType<typeof compactOfflinePermits>;
      expect(wire.shared.questionVersions.length).toBeGreaterThan(0);
      expect(JSON.stringify(wire).length).toBeLessThan(JSON.stringify(bulk).length);
      const rebuilt = expandOfflinePermits(wire.permits, wire.shared);
      for (let i = 0; i < ids.length; i += 1) expect(rebuilt[i], `${userName}: permit ${ids[i]}`).toEqual(single[i]);
      const rich = bulk.find((p) => p.permit.ID === all!.id)!;
      // The rich permit's sections carry content (the comparison above is not of empty shapes).
      expect((rich.sections['isolation-plan'] as { points: unknown[] }).points.length).toBeGreaterThan(0);
      expect((rich.sections.tags as unknown[]).length).toBeGreaterThan(0);
      expect((rich.sections['crew-sign-on'] as { lockbox: unknown }).lockbox).not.toBeNull();
      expect((rich.sections['hazard-analysis'] as { lines: unknown[] }).lines.length).toBeGreaterThan(0);
      expect((rich.sections['gas-tests'] as { tests: unknown[] }).tests.length).toBeGreaterThan(0);
      const stages = (rich.sections.questions as { stages: { questions: { answer: unknown }[] }[] }).stages;
      expect(JSON.stringify(stages)).toContain('answeredBy');
    }
  });

  it("loads every guard plugin's facts for many permits as for each alone", async () => {
    const ids = (await richPermits(1)).map((r) => r.id);
    const permits = await findPermits(db(), 1, ids);
    const now = new Date();
    const bulk = await loadPermitFactsForPermits(db(), permits, now);
    for (const permit of permits) {
      expect(bulk.get(permit.ID), `permit ${permit.ID}`).toEqual(await loadPermitFacts(db(), permit, now));
    }
  });

  it("never answers another facility's permit", async () => {
    const riverside = (await richPermits(2)).map((r) => r.id);
    expect(riverside.length).toBeGreaterThan(0);
    const adminId = await idOf('admin');
    const viewer = await viewerOf(adminId, 1);
    expect(await readOfflinePermits(db(), viewer, riverside)).toEqual([]);
    const northPlant = (await richPermits(1)).map((r) => r.id);
    expect(northPlant.length).toBeGreaterThan(0);
    const mixed = await readOfflinePermits(
      db(),
      viewer,
      [...riverside, ...northPlant].sort((a, b) => a - b),
    );
    expect(mixed.map((p) => p.permit.ID)).toEqual(northPlant);
  });
});

describe('downloadOfflinePermits: a page is one moment', () => {
  it('never mixes a change committed while the page is read with what was read before it', async () => {
    const rich = (await richPermits(1)).find((r) => r.hazards && r.tags)!;
    // Its requester: the permit is among those they take offline.
    const viewer = await viewerOf(await idOf('supervisor'), 1);
    const type = (await findPermitType(db(), 1, 'LOTO'))!;
    const before = await readOfflinePermit(db(), viewer, rich.id);
    // Another user's change, committed through another connection just after the page's first
    // read of permits (the list of its permits) and before the permits and their sections are
    // read. The first page reads the signing seal key before its snapshot starts: that read is
    // not the page's, so the change waits for the first statement that reads permits.
    let changed = false;
    const readsPermits = new Set<unknown>();
    const changeAfterFirstStatement: KyselyPlugin = {
      transformQuery: (args) => {
        if (JSON.stringify(args.node).includes('"name":"permits"')) readsPermits.add(args.queryId);
        return args.node;
      },
      transformResult: async (args) => {
        if (!changed && readsPermits.has(args.queryId) && args.result.rows.length > 0) {
          changed = true;
          await db()
            .updateTable('permits')
            .set({ title: 'Bulk: renamed meanwhile' })
            .where('id', '=', rich.id)
            .execute();
          await db()
            .updateTable('hazard_analysis_lines')
            .set({ job_step: 'Changed meanwhile' })
            .where('permit_id', '=', rich.id)
            .execute();
        }
        return args.result;
      },
    };
    const page = JSON.parse(
      await downloadOfflinePermits(db().withPlugin(changeAfterFirstStatement), viewer, type, {
        after: rich.id - 1,
        limit: 1,
      }),
    ) as OfflineDownload;
    expect(changed).toBe(true);
    const [wire] = expandOfflinePermits(page.permits, page.shared);
    // Every part of the permit as it was before the change: its own fields and its sections.
    expect(wire).toEqual(before);
    // The copy read in the page's snapshot is stored, but the change outdates it: the next page reads anew.
    const next = JSON.parse(
      await downloadOfflinePermits(db(), viewer, type, { after: rich.id - 1, limit: 1 }),
    ) as OfflineDownload;
    const [after] = expandOfflinePermits(next.permits, next.shared);
    expect(after!.permit.title).toBe('Bulk: renamed meanwhile');
    expect(JSON.stringify(after!.sections['hazard-analysis'])).toContain('Changed meanwhile');
  });
});

describe('downloadOfflinePermits: the stored copies are a cache', () => {
  it('answers the page when storing its copies and cursor fails, and says so', async () => {
    const rich = (await richPermits(1)).find((r) => r.hazards && r.tags)!;
    const viewer = await viewerOf(await idOf('supervisor'), 1);
    const type = (await findPermitType(db(), 1, 'LOTO'))!;
    await sql`delete from offline_permit_snapshots where permit_id = ${rich.id}`.execute(db());
    // Every write fails (the page itself only reads).
    const failingWrites: KyselyPlugin = {
      transformQuery: (args) => args.node,
      transformResult: async (args) => {
        if (args.result.numAffectedRows !== undefined) throw new Error('disk full');
        return args.result;
      },
    };
    const errors: unknown[] = [];
    const page = JSON.parse(
      await downloadOfflinePermits(
        db().withPlugin(failingWrites),
        viewer,
        type,
        { after: rich.id - 1, limit: 1 },
        (error) => errors.push(error),
      ),
    ) as OfflineDownload;
    expect(expandOfflinePermits(page.permits, page.shared)).toEqual([await readOfflinePermit(db(), viewer, rich.id)]);
    // Neither its cursor nor its copies could be recorded: the device's next download is whole.
    expect(page.cursor).toBeNull();
    expect(errors.map((e) => (e as Error).message)).toEqual(['disk full', 'disk full']);
    const { rows } = await sql<{ n: number }>`
      select count(*)::int as n from offline_permit_snapshots where permit_id = ${rich.id}`.execute(db());
    expect(rows[0]!.n).toBe(0);
  });
});

describe('stored offline copies assembled into a page (decision 0082)', () => {
  it("answer every permit for any viewer at any moment as the readers do, from one viewer's copy", async () => {
    const ids = (await richPermits(1)).map((r) => r.id);
    // The copies as the download stores them: read for nobody, marked where one viewer's flags are.
    const bases = await readOfflineFlagBases(db(), 1, ids);
    const flagsFor = async (viewer: Awaited<ReturnType<typeof viewerOf>>) => {
      const { viewer: flagViewer, context } = await readOfflineFlagContext(db(), viewer);
      return bases.map((b) => offlineFlags(b.inputs, flagViewer, context));
    };
    const marking = await flagsFor(await viewerOf(await idOf('admin'), 1));
    const copies = bases.map((b, i) => copyOf(b.base, marking[i]!));
    const values = new Map(copies.flatMap((c) => [...c.values]));
    expect(values.size).toBeGreaterThan(0);
    for (const [userName, userId] of await people(['admin', 'supervisor', 'worker'])) {
      for (const hours of [0, 48, -48]) {
        const viewer = { ...(await viewerOf(userId, 1)), now: new Date(Date.now() + hours * 3_600_000) };
        const expected = await readOfflinePermits(db(), viewer, ids);
        const assembled = assemblePermits(
          copies.map((c) => c.body),
          await flagsFor(viewer),
          values,
        );
        const wire = {
          permits: JSON.parse(assembled.permits) as OfflinePermit[],
          shared: JSON.parse(assembled.shared) as OfflineShared,
        };
        const rebuilt = expandOfflinePermits(wire.permits, wire.shared);
        for (let i = 0; i < ids.length; i += 1)
          expect(rebuilt[i], `${userName} at ${hours} h: permit ${ids[i]}`).toEqual(expected[i]);
        // As compact as the page the readers' objects give.
        expect(assembled.permits.length + assembled.shared.length).toBeLessThanOrEqual(
          JSON.stringify(compactOfflinePermits(expected)).length + 64,
        );
      }
    }
  });
});

describe('what an offline copy is read from (decision 0082)', () => {
  it("is watched: every table the download's readers read records its changes", async () => {
    // The rich permits and the others, as a crew member sees them (a lockbox member's sections read the most).
    const ids = (await richPermits(1)).map((r) => r.id);
    const viewer = await viewerOf(await idOf('worker'), 1);
    // The scans of this transaction alone: the counts before the reads (a backend's counts of
    // earlier transactions may not be flushed yet) taken from those after.
    const scans = (trx: Transaction<Database>) =>
      sql<{ table: string; n: number }>`
        select relname as table, (seq_scan + coalesce(idx_scan, 0))::int as n from pg_stat_xact_user_tables`.execute(
        trx,
      );
    const read = await db()
      .transaction()
      .execute(async (trx) => {
        const before = new Map((await scans(trx)).rows.map((r) => [r.table, r.n]));
        expect((await readOfflinePermits(trx, viewer, ids)).length).toBe(ids.length);
        return (await scans(trx)).rows
          .filter((r) => r.n > (before.get(r.table) ?? 0))
          .map((r) => r.table)
          .sort();
      });
    const { rows } = await sql<{ table: string }>`
      select distinct c.relname as table from pg_trigger g join pg_class c on c.oid = g.tgrelid
      where g.tgname like '%\_offline\_%' and not g.tgisinternal`.execute(db());
    const watched = new Set(rows.map((r) => r.table));
    expect(read.length).toBeGreaterThan(10);
    expect(read.filter((table) => !watched.has(table))).toEqual([]);
  });
});

const richPermits = (facilityId: number) => richPermitsOf(t, facilityId);
const richPermit = (title: string) => richPermitOf(t, title);
const idOf = (userName: string) => userIdOf(t, userName);
const people = (userNames: string[]) => userIdsOf(t, userNames);
