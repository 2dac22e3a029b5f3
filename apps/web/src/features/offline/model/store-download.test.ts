import 'fake-indexeddb/auto';
import { describe, expect, it, vi } from 'vitest';
import type { OfflinePermit } from '@hasp/contracts';
import { HaspDatabase, storedPermitOf, storedSummariesOf, type StoredPermit } from '../../../offline-db';
import { fullPermit, outboxEdit, pageOf } from '../../../offline-db/pages-test-kit';
import { permitKeyOf, removeStaleCopies, storeDownload } from './store-download';

const owner = { connectionStringName: 'Demo', facilityId: 1, userId: 10 };
const rowOf = (offline: OfflinePermit, over: Partial<StoredPermit> = {}): StoredPermit => ({
  ...owner,
  key: permitKeyOf(owner, offline.permit.ID),
  permitType: 'LOTO',
  version: offline.permit.version,
  data: offline,
  updatedAt: '2026-11-24T00:00:00.000Z',
  ...over,
});

const newDb = () => new HaspDatabase(`hasp-store-${Math.random()}`);

describe('storeDownload (decisions 0065, 0078)', () => {
  it('stores a page as one row; each permit reads back exactly as the section routes answer it', async () => {
    const db = newDb();
    const full = [fullPermit(41), fullPermit(42, { title: 'Second', holder: null })];
    const downloaded = pageOf(full);
    expect(JSON.stringify(downloaded.page.permits)).not.toContain('Question 1?');
    const result = await storeDownload(db, owner, downloaded, '2026-11-25T01:00:00.000Z');
    expect(result).toMatchObject({ stored: 2, kept: 0, pageKey: 'Demo:1:page:10:LOTO:41' });
    expect(await db.pages.count()).toBe(1);
    expect((await db.pageTexts.get('Demo:1:page:10:LOTO:41'))?.text).toBe(downloaded.text);
    expect(await db.permits.count()).toBe(0);
    for (const offline of full) {
      const stored = await storedPermitOf(db, owner, permitKeyOf(owner, offline.permit.ID));
      expect(stored?.data).toEqual(offline);
      expect(JSON.stringify(stored?.data)).toBe(JSON.stringify(offline));
      expect(stored).toMatchObject({ ...owner, permitType: 'LOTO', version: 3, updatedAt: '2026-11-25T01:00:00.000Z' });
    }
    // The lists read the page's summaries: the columns of each permit, nothing else.
    const summaries = await storedSummariesOf(db, owner);
    expect(summaries.map((s) => [s.key, s.title, s.holder, s.typeName, s.status])).toEqual([
      ['Demo:1:41', 'Pump 41 seal', 'Nia Holder', 'LOTO Permit', 'active'],
      ['Demo:1:42', 'Second', '', 'LOTO Permit', 'active'],
    ]);
    // Another user of the device, another facility: nothing.
    expect(await storedPermitOf(db, { ...owner, userId: 11 }, 'Demo:1:41')).toBeUndefined();
    expect(await storedSummariesOf(db, { ...owner, facilityId: 2 })).toEqual([]);
    expect(await storedPermitOf(db, owner, 'Demo:1:43')).toBeUndefined();
    db.close();
  });

  it('replaces the rows of the permits it brings, except one the outbox still needs, which wins', async () => {
    const db = newDb();
    const edited = fullPermit(41, { title: 'Changed here' });
    await db.permits.bulkPut([rowOf(edited), rowOf(fullPermit(42, { title: 'Refreshed after sync' }))]);
    await db.outbox.put(outboxEdit(owner, 'k-1', 41));
    const result = await storeDownload(db, owner, pageOf([fullPermit(41), fullPermit(42)]));
    expect(result).toMatchObject({ stored: 1, kept: 1 });
    expect((await storedPermitOf(db, owner, 'Demo:1:41'))?.data).toEqual(edited);
    expect((await storedPermitOf(db, owner, 'Demo:1:42'))?.data).toEqual(fullPermit(42));
    expect((await storedSummariesOf(db, owner)).map((s) => s.title)).toEqual(['Changed here', 'Pump 42 seal']);
    db.close();
  });

  it('after the last page, removes the pages and rows an older download left', async () => {
    const db = newDb();
    await storeDownload(db, owner, pageOf([fullPermit(1), fullPermit(2)]), '2026-11-24T00:00:00.000Z');
    await db.permits.bulkPut([rowOf(fullPermit(5)), rowOf(fullPermit(6), { key: 'Demo:1:local:abc' })]);
    // The new download starts at 2 (1 was closed): its page has another key.
    const result = await storeDownload(db, owner, pageOf([fullPermit(2), fullPermit(3)]), '2026-11-25T00:00:00.000Z');
    expect((await storedPermitOf(db, owner, 'Demo:1:2'))?.updatedAt).toBe('2026-11-25T00:00:00.000Z');
    await removeStaleCopies(db, owner, 'LOTO', new Set(result.keys), new Set([result.pageKey!]));
    expect(await db.pages.toCollection().primaryKeys()).toEqual(['Demo:1:page:10:LOTO:2']);
    expect(await db.pageTexts.toCollection().primaryKeys()).toEqual(['Demo:1:page:10:LOTO:2']);
    expect(await db.permits.toCollection().primaryKeys()).toEqual(['Demo:1:local:abc']);
    expect((await storedSummariesOf(db, owner)).map((s) => s.key).sort()).toEqual([
      'Demo:1:2',
      'Demo:1:3',
      'Demo:1:local:abc',
    ]);
    expect(await storedPermitOf(db, owner, 'Demo:1:1')).toBeUndefined();
    db.close();
  });

  it('refuses a permit whose stored copy no longer matches the contract instead of showing half of it', async () => {
    const db = newDb();
    const downloaded = pageOf([fullPermit(7)]);
    const broken = {
      ...downloaded,
      text: downloaded.text.replace('"allowedCommands":["suspend"]', '"allowedCommands":7'),
    };
    await storeDownload(db, owner, broken);
    const error = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    expect(await storedPermitOf(db, owner, 'Demo:1:7')).toBeUndefined();
    expect(error).toHaveBeenCalled();
    error.mockRestore();
    db.close();
  });
});
