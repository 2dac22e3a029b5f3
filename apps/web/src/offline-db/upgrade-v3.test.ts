import 'fake-indexeddb/auto';
import { Dexie } from 'dexie';
import { describe, expect, it } from 'vitest';
import { HaspDatabase } from './db';
import { storedPermitOf, storedSummariesOf } from './pages';

/** The database exactly as version 2 of the app declared it (db.ts before decision 0078). */
function v2Database(name: string): Dexie {
  const db = new Dexie(name);
  db.version(2).stores({
    outbox:
      'idempotencyKey, [connectionStringName+facilityId+userId], [connectionStringName+facilityId+userId+deviceSeq], permitKey, status',
    permits: 'key, [connectionStringName+facilityId], [connectionStringName+facilityId+permitType], updatedAt',
    reference: 'key, [connectionStringName+facilityId]',
    meta: 'key',
  });
  return db;
}

const ann = { connectionStringName: 'Demo', facilityId: 1, userId: 10 };
const permit = (id: number, title: string) => ({
  ID: id,
  version: 4,
  number: `LOTO-${id}`,
  title,
  status: 'active',
  plannedStart: '2026-11-24T08:00:00Z',
  plannedEnd: '2026-11-24T16:00:00Z',
  createdAt: '2026-11-24T06:00:00Z',
  holder: { ID: 9, displayName: 'Nia Holder' },
  permitType: { ID: 1, code: 'LOTO', name: 'LOTO Permit' },
});

describe('upgrading the browser database from v2 to v3 with a non-empty outbox (R32, decision 0078)', () => {
  it('keeps every queued item, every stored permit (the offline list is not empty) and the device facts', async () => {
    const name = `hasp-upgrade-v3-${Math.random()}`;
    const old = v2Database(name);
    const items = [1, 2, 3].map((seq) => ({
      ...ann,
      idempotencyKey: `k-${seq}`,
      deviceId: 'device-1',
      deviceSeq: seq,
      deviceTime: '2026-11-24T09:00:00.000Z',
      name: seq === 1 ? 'permit.create' : 'permit.edit',
      targetId: seq === 1 ? 'local:abc' : 42,
      input: { n: seq },
      baseVersion: seq === 1 ? null : 4,
      permitKey: seq === 1 ? 'Demo:1:local:abc' : 'Demo:1:42',
      status: seq === 3 ? 'conflict' : 'pending',
      attempts: 0,
    }));
    const rows = [
      { key: 'Demo:1:42', title: 'Pump 42 seal' },
      { key: 'Demo:1:43', title: 'Pump 43 seal' },
      { key: 'Demo:1:local:abc', title: 'Made offline', provisionalNumber: 'OFF-1' },
    ].map(({ key, title, provisionalNumber }, i) => ({
      ...ann,
      key,
      permitType: 'LOTO',
      version: 4,
      data: { permit: permit(42 + i, title), sections: {}, versions: { permit: 4 } },
      updatedAt: '2026-11-24T10:00:00.000Z',
      ...(provisionalNumber ? { provisionalNumber } : {}),
    }));
    await old.table('outbox').bulkAdd(items);
    await old.table('permits').bulkAdd(rows);
    await old.table('meta').bulkAdd([
      { key: 'deviceId', value: 'device-1' },
      { key: 'seq:Demo:1:10', value: 4 },
    ]);
    old.close();

    const db = new HaspDatabase(name);
    await db.open();
    expect(db.verno).toBe(3);
    const after = await db.outbox.toArray();
    console.log(`upgrade v2 → v3: ${items.length} items before, ${after.length} kept`);
    expect(after).toEqual(items);
    expect(await db.meta.get('seq:Demo:1:10')).toEqual({ key: 'seq:Demo:1:10', value: 4 });
    // The offline list after the upgrade, with no network: the same three permits as before it.
    const listed = await storedSummariesOf(db, ann);
    expect(listed.map((s) => [s.key, s.title, s.provisionalNumber])).toEqual([
      ['Demo:1:42', 'Pump 42 seal', undefined],
      ['Demo:1:43', 'Pump 43 seal', undefined],
      ['Demo:1:local:abc', 'Made offline', 'OFF-1'],
    ]);
    expect((await storedPermitOf(db, ann, 'Demo:1:42'))?.data).toEqual(rows[0]!.data);
    db.close();
  });
});
