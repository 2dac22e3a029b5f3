import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { offlineCommandNames } from '@hasp/contracts';
import { findCommand } from '../src/platform';
import { permitCore, permitDraft } from './support/permit-draft';
import { deviceOf, type SyncDevice } from './support/sync-device';
import { createTestApp, DEMO_PASSWORD, type TestApp } from './test-app';
import { permitTypeIdOf } from './support/permit-type-fixtures';

/**
 * The push (decision 0055) over the real server and PostgreSQL: commands applied once per device
 * seq through the command runner (R24), in device order with gaps deferred (R31), never as another
 * owner (R33), device time kept beside the server's (R29).
 */
let t: TestApp;
const db = () => t.connections[0]!.db;
let lotoId: number;
const localId = () => `local:${randomUUID()}`;
const device = (username = 'worker') => deviceOf(t.app, username, DEMO_PASSWORD);

beforeAll(async () => {
  t = await createTestApp();
  lotoId = await permitTypeIdOf(db(), 'LOTO');
});
afterAll(async () => t?.close());

const permitsTitled = (title: string) =>
  db().selectFrom('permits').select(['id', 'version', 'title']).where('title', '=', title).execute();

/** Queues a creation from a local id; answers the local id. */
function queueCreate(d: SyncDevice, title: string, time?: Date) {
  const id = localId();
  d.queue('permit.create', id, permitDraft(lotoId, { title }), null, time);
  return id;
}

describe('sync push', () => {
  it('every offline command is a registered command with a route', async () => {
    const { syncRouteOf } = await import('../src/modules/sync');
    for (const name of offlineCommandNames) {
      expect(findCommand(name), name).toBeDefined();
      expect(() => syncRouteOf(name)).not.toThrow();
    }
  });

  it('creates a permit offline, maps its local id, and applies the edits queued on it (a version chain)', async () => {
    const d = await device();
    const title = `Offline ${randomUUID()}`;
    const local = queueCreate(d, title);
    // Three edits queued one after another, all on the version the device had (a chain of links).
    for (const n of [1, 2, 3]) d.queue('permit.edit', local, permitCore({ title: `${title} v${n}` }), 0);
    const body = (await d.push())!;
    expect(body.results.map((r) => r.outcome)).toEqual(['applied', 'applied', 'applied', 'applied']);
    const created = body.results[0]!.created!;
    expect(created).toMatchObject({ localId: local, permitId: expect.any(Number), number: expect.any(String) });
    expect(body.results.map((r) => r.version)).toEqual([0, 1, 2, 3]);
    const permit = await db()
      .selectFrom('permits')
      .select(['title', 'version'])
      .where('id', '=', created.permitId)
      .executeTakeFirstOrThrow();
    expect(permit).toEqual({ title: `${title} v3`, version: 3 });
    expect(d.outbox).toHaveLength(0);
  });

  it('keeps the provisional number a device showed, linked to the permit: the index finds it, in its facility only', async () => {
    const d = await device();
    const title = `Provisional ${randomUUID()}`;
    const local = localId();
    const provisional = `OFF-LOTO-20261125-${local.slice(6, 10).toUpperCase()}`;
    d.queue('permit.create', local, permitDraft(lotoId, { title }), null).provisionalNumber = provisional;
    const created = (await d.push())!.results[0]!.created!;
    expect(created.localId).toBe(local);
    const row = await db()
      .selectFrom('sync_local_ids')
      .select(['permit_id', 'number', 'provisional_number'])
      .where('local_id', '=', local)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ permit_id: created.permitId, number: created.number, provisional_number: provisional });
    // Typed from a tag (any case): the permit the server made, under its own number.
    const search = async (token: string, q: string) =>
      (
        await t.app.inject({
          method: 'GET',
          url: `/api/permits?q=${encodeURIComponent(q)}`,
          headers: { authorization: `Bearer ${token}` },
        })
      ).json<{ rows: { ID: number; number: string }[] }>().rows;
    expect((await search(d.token, provisional.toLowerCase())).map((p) => p.number)).toEqual([created.number]);
    const riverside = await deviceOf(t.app, 'admin', DEMO_PASSWORD, 2);
    expect(await search(riverside.token, provisional)).toEqual([]);
  });

  it('R24: the same push 2–10× sequentially and concurrently has one effect; replays answer the stored result', async () => {
    let duplicates = 0;
    for (const times of [2, 5, 10]) {
      for (const mode of ['sequential', 'concurrent'] as const) {
        const d = await device();
        const title = `R24 ${mode} ${times} ${randomUUID()}`;
        queueCreate(d, title);
        const commands = [...d.outbox];
        const responses =
          mode === 'sequential'
            ? await (async () => {
                const all = [];
                for (let i = 0; i < times; i++) all.push(await d.send(commands));
                return all;
              })()
            : await Promise.all(Array.from({ length: times }, () => d.send(commands)));
        const answered = responses.filter((r) => r.statusCode === 200).map((r) => r.json().results[0]!);
        // Concurrent sends find the key in flight (deferred: sent again) or answer the first result.
        const applied = answered.filter((r) => r.outcome === 'applied');
        expect(applied.length).toBeGreaterThan(0);
        for (const r of applied) expect(r).toEqual(applied[0]);
        for (const r of answered) expect(['applied', 'deferred']).toContain(r.outcome);
        await d.drain();
        const rows = await permitsTitled(title);
        expect(rows).toHaveLength(1);
        duplicates += rows.length - 1;
      }
    }
    console.log(`R24 sync push: duplicates = ${duplicates}`);
    expect(duplicates).toBe(0);
  });

  it('R24: the same seq and key with another payload is refused (422), the first result stands', async () => {
    const d = await device();
    const title = `R24 payload ${randomUUID()}`;
    queueCreate(d, title);
    const command = d.outbox[0]!;
    await d.push();
    const changed = { ...command, input: permitDraft(lotoId, { title: `${title} changed` }) };
    const again = await d.send([changed]);
    expect(again.statusCode).toBe(200);
    expect(again.json().results[0]).toMatchObject({ outcome: 'rejected', error: { code: 'IDEMPOTENCY_KEY_REUSED' } });
    expect(await permitsTitled(title)).toHaveLength(1);
    expect(await permitsTitled(`${title} changed`)).toHaveLength(0);
  });

  it('R31: a command from the future waits for its predecessors (deferred, not recorded), then applies in order', async () => {
    const d = await device();
    const title = `R31 ${randomUUID()}`;
    const local = queueCreate(d, title);
    d.queue('permit.edit', local, permitCore({ title: `${title} v1` }), 0);
    d.queue('permit.edit', local, permitCore({ title: `${title} v2` }), 0);
    const [c1, c2, c3] = d.outbox;
    // Seq 1 dropped, seqs 3 and 2 arrive in that order.
    const early = (await d.push([c3!, c2!]))!;
    expect(early.results.map((r) => [r.deviceSeq, r.outcome, r.serverSeq])).toEqual([
      [3, 'deferred', null],
      [2, 'deferred', null],
    ]);
    expect(await permitsTitled(title)).toHaveLength(0);
    const late = (await d.push([c1!, c3!, c2!]))!;
    // 3 comes before 2 in this push: it is deferred again, and applied in the next push.
    expect(late.results.map((r) => r.outcome)).toEqual(['applied', 'deferred', 'applied']);
    await d.drain();
    const permitId = d.answers.get(c1!.idempotencyKey)!.created!.permitId;
    const row = await db().selectFrom('permits').select('title').where('id', '=', permitId).executeTakeFirstOrThrow();
    expect(row.title).toBe(`${title} v2`);
    const seqs = await db()
      .selectFrom('sync_commands')
      .select(['device_seq', 'server_seq'])
      .where('device_id', '=', d.deviceId)
      .orderBy('server_seq')
      .execute();
    expect(seqs.map((r) => r.device_seq)).toEqual([1, 2, 3]);
  });

  it('a push that sends applied seqs again answers them as before and applies only the new one', async () => {
    const d = await device();
    const title = `Again ${randomUUID()}`;
    const local = queueCreate(d, title);
    d.queue('permit.edit', local, permitCore({ title: `${title} v1` }), 0);
    d.queue('permit.edit', local, permitCore({ title: `${title} v2` }), 0);
    const all = [...d.outbox];
    const first = (await d.push(all))!.results;
    d.queue('permit.edit', local, permitCore({ title: `${title} v3` }), 0);
    const again = (await d.push([all[1]!, all[2]!, d.outbox[0]!]))!.results;
    expect(again.slice(0, 2)).toEqual(first.slice(1));
    expect(again[2]).toMatchObject({ outcome: 'applied', version: 3 });
    const permitId = first[0]!.created!.permitId;
    const audit = await db()
      .selectFrom('audit_log')
      .select('action')
      .where('entity_type', '=', 'permit')
      .where('entity_id', '=', String(permitId))
      .execute();
    expect(audit).toHaveLength(4);
  });

  it('R33: a command whose owner is not the signed-in session is refused and never applied or recorded', async () => {
    const worker = await device('worker');
    const admin = await device('admin');
    const title = `R33 ${randomUUID()}`;
    queueCreate(worker, title);
    const foreign = worker.outbox[0]!;
    // The admin's session pushes the worker's item; then one tagged with another facility and connection.
    const asAdmin = await admin.send([foreign]);
    const wrongFacility = await worker.send([{ ...foreign, owner: { ...foreign.owner, facilityId: 2 } }]);
    const wrongConnection = await worker.send([
      { ...foreign, owner: { ...foreign.owner, connectionStringName: 'Other' } },
    ]);
    for (const response of [asAdmin, wrongFacility, wrongConnection]) {
      expect(response.json().results[0]).toMatchObject({
        outcome: 'rejected',
        serverSeq: null,
        error: { code: 'FORBIDDEN', message: expect.stringContaining('another user') },
      });
    }
    expect(await permitsTitled(title)).toHaveLength(0);
    expect(
      await db().selectFrom('sync_commands').select('server_seq').where('device_id', '=', worker.deviceId).execute(),
    ).toEqual([]);
    // The owner signs in again: the same item syncs.
    await worker.drain();
    expect(await permitsTitled(title)).toHaveLength(1);
  });

  it('R29: device times −24 h…+24 h are stored beside the sync time; order and audit follow the server sequence', async () => {
    const d = await device();
    const title = `R29 ${randomUUID()}`;
    const now = Date.now();
    const skews = [-24, -2, 2, 24, -24, 0];
    const local = queueCreate(d, title, new Date(now + skews[0]! * 3_600_000));
    skews
      .slice(1)
      .forEach((h, n) =>
        d.queue('permit.edit', local, permitCore({ title: `${title} ${n}` }), 0, new Date(now + h * 3_600_000)),
      );
    await d.drain();
    const rows = await db()
      .selectFrom('sync_commands')
      .select(['server_seq', 'device_seq', 'device_time', 'synced_at', 'permit_id'])
      .where('device_id', '=', d.deviceId)
      .orderBy('server_seq')
      .execute();
    expect(rows.map((r) => r.device_seq)).toEqual([1, 2, 3, 4, 5, 6]);
    rows.forEach((r, i) => expect(r.device_time.getTime()).toBe(now + skews[i]! * 3_600_000));
    const permitId = rows[0]!.permit_id!;
    const audit = await db()
      .selectFrom('audit_log')
      .select(['id', 'chain_seq', 'action', 'device_time', 'sync_time', 'device_id'])
      .where('entity_type', '=', 'permit')
      .where('entity_id', '=', String(permitId))
      .orderBy('id')
      .execute();
    expect(audit.map((a) => a.action)).toEqual(['permit.create', ...skews.slice(1).map(() => 'permit.edit')]);
    let outOfOrder = 0;
    audit.forEach((a, i) => {
      expect(a.device_time!.getTime()).toBe(rows[i]!.device_time.getTime());
      expect(a.sync_time).not.toBeNull();
      expect(a.device_id).toBe(d.deviceId);
      if (i > 0 && a.chain_seq <= audit[i - 1]!.chain_seq) outOfOrder++;
    });
    console.log(`R29 sync push: audit rows out of order by server sequence = ${outOfOrder}`);
    expect(outOfOrder).toBe(0);
    const permit = await db()
      .selectFrom('permits')
      .select('title')
      .where('id', '=', permitId)
      .executeTakeFirstOrThrow();
    // The last by server sequence wins, whatever the device clock said (no timestamp last-writer-wins).
    expect(permit.title).toBe(`${title} 4`);
  });

  it('a command that fails its route schema is rejected with the fields at fault, and recorded', async () => {
    const d = await device();
    const local = localId();
    d.queue('permit.create', local, { permitTypeId: lotoId, title: '' }, null);
    // A later command on the never-created permit is rejected too (its reason says why), not lost.
    d.queue('permit.edit', local, permitCore(), 0);
    const body = (await d.push())!;
    expect(body.results).toMatchObject([
      {
        outcome: 'rejected',
        serverSeq: expect.any(Number),
        error: { code: 'VALIDATION_FAILED', details: expect.any(Array) },
      },
      { outcome: 'rejected', serverSeq: expect.any(Number), error: { code: 'NOT_FOUND' } },
    ]);
    expect(body.results[0]!.error!.details!.map((e) => e.field)).toContain('title');
  });

  it('the permit index search finds a permit by the title its offline edits gave it, not by the one before', async () => {
    // Many edits in one push: their statements run often enough to be prepared (decision 0066).
    const d = await device();
    const tag = randomUUID().slice(0, 8);
    const local = queueCreate(d, `Search ${tag} first`);
    for (const n of [1, 2, 3, 4, 5, 6])
      d.queue('permit.edit', local, permitCore({ title: `Search ${tag} edit${n}` }), 0);
    const body = (await d.push())!;
    expect(body.results.every((r) => r.outcome === 'applied')).toBe(true);
    const search = async (q: string) => {
      const response = await t.app.inject({
        method: 'GET',
        url: `/api/permits?q=${encodeURIComponent(q)}`,
        headers: { authorization: `Bearer ${d.token}` },
      });
      expect(response.statusCode, response.body).toBe(200);
      return response.json<{ rows: { ID: number; title: string }[] }>().rows;
    };
    const permitId = body.results[0]!.created!.permitId;
    expect(await search(`${tag} edit6`)).toEqual([
      expect.objectContaining({ ID: permitId, title: `Search ${tag} edit6` }),
    ]);
    expect(await search(`${tag} first`)).toEqual([]);
    expect(await search(`${tag} edit5`)).toEqual([]);
  });
});
