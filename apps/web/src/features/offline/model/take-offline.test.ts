import 'fake-indexeddb/auto';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { OfflinePermit, OfflineScope } from '@hasp/contracts';
import { browserDatabase, storedPermitOf, storedSummariesOf } from '../../../offline-db';
import { fullPermit, pageOf } from '../../../offline-db/pages-test-kit';
import type { DownloadCursors } from '../api/download-permits';
import { cursorKeyOf } from './store-download';
import { takePermitsOffline } from './take-offline';

/**
 * The device's side of the incremental download (decision 0118), over the browser database (fake
 * IndexedDB) and a server that answers as the route does: a whole download in pages the first time,
 * then only what changed with the IDs to keep. The server's own side has its integration test
 * (apps/server/test/offline-download-since.test.ts).
 */
const server = vi.hoisted(() => ({
  permits: new Map<number, unknown>(),
  cursors: 0,
  asked: [] as { after: number; cursors: Record<string, string | undefined> }[],
  changedSince: new Map<string, number[]>(),
}));

vi.mock('../api/download-permits', () => ({
  downloadOfflinePermits: async (_type: string, _scope: OfflineScope, after = 0, cursors: DownloadCursors = {}) => {
    server.asked.push({ after, cursors: { ...cursors } });
    const all = [...server.permits.entries()].sort(([a], [b]) => a - b).map(([, p]) => p as OfflinePermit);
    if (after === 0) {
      server.cursors += 1;
      const cursor = `0000000${server.cursors}-0000-4000-8000-000000000000`;
      const changed = cursors.since ? server.changedSince.get(cursors.since) : undefined;
      if (changed) {
        const sent = all.filter((p) => changed.includes(p.permit.ID));
        return pageOf(sent, null, {
          cursor,
          since: cursors.since!,
          inScope: all.map((p) => p.permit.ID),
          pageStarts: [],
        });
      }
      // Two permits a page: the first page, then the others by `nextAfter`.
      return pageOf(all.slice(0, 2), all.length > 2 ? all[1]!.permit.ID : null, { cursor, pageStarts: [] });
    }
    const rest = all.filter((p) => p.permit.ID > after);
    return pageOf(rest.slice(0, 2), rest.length > 2 ? rest[1]!.permit.ID : null);
  },
}));

const owner = { connectionStringName: 'Demo', facilityId: 1, userId: 10 };
const titles = async () => (await storedSummariesOf(browserDatabase(), owner)).map((s) => `${s.ID} ${s.title}`).sort();

beforeEach(() => {
  server.permits = new Map([1, 2, 3, 4, 5].map((id) => [id, fullPermit(id)]));
  server.asked = [];
  server.cursors = 0;
});
afterEach(async () => {
  await browserDatabase().delete();
  await browserDatabase().open();
});

describe('takePermitsOffline: whole, then only what changed (decision 0118)', () => {
  it('keeps the cursor of a complete download and next time stores only the changed permits, dropping those that left', async () => {
    const whole = await takePermitsOffline(owner, ['LOTO']);
    expect(whole.counts).toEqual({ LOTO: 5 });
    // Every page after the first names the download's cursor.
    expect(server.asked.map((a) => [a.after, a.cursors.cursor ?? null, a.cursors.since ?? null])).toEqual([
      [0, null, null],
      [2, '00000001-0000-4000-8000-000000000000', null],
      [4, '00000001-0000-4000-8000-000000000000', null],
    ]);
    const db = browserDatabase();
    expect((await db.meta.get(cursorKeyOf(owner, 'LOTO')))?.value).toEqual({
      cursor: '00000001-0000-4000-8000-000000000000',
      scope: 'mine',
      pages: 3,
    });

    // On the server: 2 changed, 3 left the download, 6 joined it.
    server.permits.set(2, fullPermit(2, { title: 'Changed on the server' }));
    server.permits.delete(3);
    server.permits.set(6, fullPermit(6));
    server.changedSince.set('00000001-0000-4000-8000-000000000000', [2, 6]);
    server.asked = [];
    const delta = await takePermitsOffline(owner, ['LOTO']);
    expect(server.asked).toEqual([{ after: 0, cursors: { since: '00000001-0000-4000-8000-000000000000' } }]);
    expect(delta.counts).toEqual({ LOTO: 5 });
    expect(await titles()).toEqual([
      '1 Pump 1 seal',
      '2 Changed on the server',
      '4 Pump 4 seal',
      '5 Pump 5 seal',
      '6 Pump 6 seal',
    ]);
    expect((await storedPermitOf(db, owner, 'Demo:1:2'))?.data).toEqual(
      fullPermit(2, { title: 'Changed on the server' }),
    );
    expect(await storedPermitOf(db, owner, 'Demo:1:3')).toBeUndefined();
    // The first page keeps 1 (2 moved to the new page), the second 4 (3 left); the new page has its own key.
    const pages = await db.pages.toArray();
    expect(Object.fromEntries(pages.map((p) => [p.key, p.permitIds]))).toEqual({
      'Demo:1:page:10:LOTO:1': [1],
      'Demo:1:page:10:LOTO:3': [4],
      'Demo:1:page:10:LOTO:5': [5],
      'Demo:1:page:10:LOTO:2~00000002': [2, 6],
    });
    expect((await db.meta.get(cursorKeyOf(owner, 'LOTO')))?.value).toMatchObject({
      cursor: '00000002-0000-4000-8000-000000000000',
      pages: 4,
    });

    // Nothing changed: nothing is stored, nothing is lost.
    server.changedSince.set('00000002-0000-4000-8000-000000000000', []);
    server.asked = [];
    await takePermitsOffline(owner, ['LOTO']);
    expect(server.asked).toEqual([{ after: 0, cursors: { since: '00000002-0000-4000-8000-000000000000' } }]);
    expect((await titles()).length).toBe(5);
  });

  it('downloads everything again when a page the cursor stands for is gone from the device', async () => {
    await takePermitsOffline(owner, ['LOTO']);
    const db = browserDatabase();
    await db.pages.delete('Demo:1:page:10:LOTO:1');
    server.changedSince.set('00000001-0000-4000-8000-000000000000', []);
    server.asked = [];
    await takePermitsOffline(owner, ['LOTO']);
    expect(server.asked[0]).toEqual({ after: 0, cursors: {} });
    expect((await titles()).length).toBe(5);
  });
});
