import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expandOfflinePermits, type OfflineDownload, type OfflinePermit } from '@hasp/contracts';
import { createTestApp, login, type TestApp } from './test-app';
import { lotoPermit } from './support/tag-fixtures';

/**
 * The incremental offline download (decision 0118) over the real server and PostgreSQL (the demo
 * data): a device that names its last complete download's cursor gets only the permits that differ
 * from what that download sent — in data or in what the user may do with them — and the IDs to
 * keep; what it then holds is exactly what a whole download would give it now.
 */
let t: TestApp;
const db = () => t.connections[0]!.db;
const tokens: Record<string, string> = {};

const get = (as: string, url: string) =>
  t.app.inject({ method: 'GET', url, headers: { authorization: `Bearer ${tokens[as]}` } });

interface Downloaded {
  first: OfflineDownload;
  permits: Map<number, OfflinePermit>;
  pages: number;
}

/**
 * A download as the device takes it: the first page (with `since` when given), then each further
 * page by `nextAfter`, naming the first page's cursor; permits rebuilt as the device does.
 */
async function download(as: string, options: { since?: string | null; limit?: number; scope?: string } = {}) {
  const limit = options.limit ?? 500;
  const base = `/api/offline/permits?type=LOTO&limit=${limit}${options.scope ? `&scope=${options.scope}` : ''}`;
  const firstResponse = await get(as, `${base}${options.since ? `&since=${options.since}` : ''}`);
  expect(firstResponse.statusCode, firstResponse.body).toBe(200);
  const first = firstResponse.json<OfflineDownload>();
  const permits = new Map<number, OfflinePermit>();
  const keep = (page: OfflineDownload) => {
    for (const permit of expandOfflinePermits(page.permits, page.shared)) permits.set(permit.permit.ID, permit);
  };
  keep(first);
  let pages = 1;
  for (let after = first.nextAfter; after !== null; pages += 1) {
    const response = await get(as, `${base}&after=${after}&cursor=${first.cursor}`);
    expect(response.statusCode, response.body).toBe(200);
    const page = response.json<OfflineDownload>();
    expect(page.cursor).toBeNull();
    keep(page);
    after = page.nextAfter;
  }
  return { first, permits, pages } satisfies Downloaded;
}

/** What a device holds after applying an incremental answer to what it held. */
function applied(held: ReadonlyMap<number, OfflinePermit>, delta: Downloaded): Map<number, OfflinePermit> {
  expect(delta.first.since).not.toBeNull();
  const inScope = new Set(delta.first.inScope);
  const now = new Map([...held].filter(([id]) => inScope.has(id)));
  for (const [id, permit] of delta.permits) now.set(id, permit);
  return now;
}

const sorted = (permits: ReadonlyMap<number, OfflinePermit>) => [...permits].sort(([a], [b]) => a - b);

async function command(as: string, url: string, payload: unknown = {}) {
  const response = await t.app.inject({
    method: 'POST',
    url,
    headers: { authorization: `Bearer ${tokens[as]}` },
    payload: payload as object,
  });
  expect(response.statusCode, response.body).toBe(200);
}

async function signIn() {
  for (const [name, username] of [
    ['supervisor', 'supervisor'],
    ['worker', 'worker'],
  ] as const) {
    const response = await login(t.app, { username, facilityId: 1 });
    expect(response.statusCode, response.body).toBe(200);
    tokens[name] = response.json<{ token: string }>().token;
  }
}

beforeAll(async () => {
  t = await createTestApp();
  await signIn();
}, 120_000);

afterAll(async () => {
  await t?.close();
});

describe('GET /api/offline/permits?since=<cursor>', () => {
  it('sends nothing but the IDs to keep when nothing changed, and its own cursor each time', async () => {
    for (const title of ['one', 'two', 'three']) await lotoPermit(t, tokens.supervisor!, `Offline since: ${title}`);
    const whole = await download('supervisor', { limit: 2 });
    expect(whole.pages).toBeGreaterThan(1);
    expect(whole.first.since).toBeNull();
    expect(whole.first.inScope).toBeNull();
    expect(whole.first.cursor).toMatch(/^[0-9a-f-]{36}$/);
    // The later pages' permits were added to the cursor: none is sent again.
    const again = await download('supervisor', { since: whole.first.cursor, limit: 2 });
    expect(again.first.since).toBe(whole.first.cursor);
    expect(again.permits.size).toBe(0);
    expect(again.first.pageStarts).toEqual([]);
    expect(again.first.nextAfter).toBeNull();
    expect(again.first.inScope).toEqual([...whole.permits.keys()].sort((a, b) => a - b));
    expect(again.first.cursor).not.toBe(whole.first.cursor);
    // The reference data comes all the same (people, locks and lists are not permits).
    expect(Object.keys(again.first.reference)).toContain('people');
    // The new cursor stands for the same permits.
    const third = await download('supervisor', { since: again.first.cursor, limit: 2 });
    expect(third.permits.size).toBe(0);
  });

  it('sends the permits that changed and drops those that left, so the device holds what a whole download gives', async () => {
    const changed = await lotoPermit(t, tokens.supervisor!, 'Offline since: changed');
    const leaving = await lotoPermit(t, tokens.supervisor!, 'Offline since: leaving');
    const held = await download('supervisor');
    expect(held.permits.has(changed) && held.permits.has(leaving)).toBe(true);

    await command('supervisor', `/api/permits/${changed}/isolation-plan/commands/fill`);
    // Test data only: the permit leaves the download (closed), as its own tests walk it there.
    await db().updateTable('permits').set({ status: 'cancelled' }).where('id', '=', leaving).execute();
    const joined = await lotoPermit(t, tokens.supervisor!, 'Offline since: joined');

    const delta = await download('supervisor', { since: held.first.cursor });
    expect([...delta.permits.keys()].sort((a, b) => a - b)).toEqual([changed, joined].sort((a, b) => a - b));
    expect(delta.first.inScope).not.toContain(leaving);
    const whole = await download('supervisor');
    expect(sorted(applied(held.permits, delta))).toEqual(sorted(whole.permits));
  });

  it('sends a permit again when only what the user may do with it changed (time alone moves it)', async () => {
    const idOf = async (userName: string) =>
      (await db().selectFrom('users').select('id').where('user_name', '=', userName).executeTakeFirstOrThrow()).id;
    // Test data only: issued by the admin to the supervisor as holder, starting in an hour (the
    // lifecycle's own tests walk a permit there): accepting it waits for the start.
    const awaiting = await lotoPermit(
      t,
      tokens.supervisor!,
      'Offline since: awaiting its start',
      await idOf('supervisor'),
    );
    await db()
      .updateTable('permits')
      .set({ status: 'issued', issuer_id: await idOf('admin') })
      .where('id', '=', awaiting)
      .execute();
    const held = await download('supervisor');
    expect(held.permits.get(awaiting)!.permit.allowedCommands).not.toContain('accept');
    // Two days on: planned starts arrive and validities end, with no row of any permit written.
    t.advanceClock(2 * 24 * 3_600_000);
    await signIn();
    const delta = await download('supervisor', { since: held.first.cursor });
    const whole = await download('supervisor');
    expect(sorted(applied(held.permits, delta))).toEqual(sorted(whole.permits));
    const moved = [...whole.permits].filter(
      ([id, permit]) => JSON.stringify(permit) !== JSON.stringify(held.permits.get(id)),
    );
    expect(whole.permits.get(awaiting)!.permit.allowedCommands).toContain('accept');
    expect(moved.map(([id]) => id)).toContain(awaiting);
    for (const [id] of moved) expect(delta.permits.has(id)).toBe(true);
    expect(delta.permits.size).toBeLessThan(whole.permits.size);
  });

  it("answers a whole download for another user's cursor, another scope's, an unknown one or too many changes", async () => {
    const mine = await download('supervisor', { scope: 'mine' });
    const theirs = await download('worker', { since: mine.first.cursor, scope: 'mine' });
    expect(theirs.first.since).toBeNull();
    const otherScope = await download('supervisor', { since: mine.first.cursor, scope: 'under-way' });
    expect(otherScope.first.since).toBeNull();
    const unknown = await download('supervisor', { since: '00000000-0000-4000-8000-000000000000', scope: 'mine' });
    expect(unknown.first.since).toBeNull();
    expect(unknown.permits.size).toBe(mine.permits.size);
    // A cursor that recorded nothing: every permit differs, more than a page of 2.
    await sql`update offline_download_cursors set digests = '{}'::jsonb where id = ${mine.first.cursor}::uuid`.execute(
      db(),
    );
    expect(mine.permits.size).toBeGreaterThan(2);
    const tooMany = await download('supervisor', { since: mine.first.cursor, scope: 'mine', limit: 2 });
    expect(tooMany.first.since).toBeNull();
    expect(tooMany.permits.size).toBe(mine.permits.size);
    // A cursor that is not one is refused with the field named.
    const bad = await get('supervisor', '/api/offline/permits?type=LOTO&since=yesterday');
    expect(bad.statusCode).toBe(400);
    expect(bad.body).toContain('since');
  });
});
