import 'fake-indexeddb/auto';
import { Dexie } from 'dexie';
import { describe, expect, it } from 'vitest';
import { HaspDatabase, type OutboxItem } from './db';

/** The database exactly as version 1 of the app declared it (db.ts before the offline outbox became sync commands). */
function v1Database(name: string): Dexie {
  const db = new Dexie(name);
  db.version(1).stores({
    outbox: 'idempotencyKey, [connectionStringName+facilityId+userId], permitKey, createdAt, status',
    permits: 'key, [connectionStringName+facilityId], [connectionStringName+facilityId+permitType], updatedAt',
  });
  return db;
}

const ann = { connectionStringName: 'Demo', facilityId: 1, userId: 10 };
const bob = { connectionStringName: 'Other', facilityId: 2, userId: 20 };

describe('upgrading the browser database from v1 to v2 with a non-empty outbox (R32)', () => {
  it('migrates every queued item of every owner, numbered in queue order per owner', async () => {
    const name = `hasp-upgrade-${Math.random()}`;
    const old = v1Database(name);
    const at = (minute: number) => new Date(Date.UTC(2026, 10, 20, 8, minute)).toISOString();
    // Stored out of queue order (keys are random), interleaving two owners, in every v1 status.
    const v1Items = [
      {
        ...ann,
        idempotencyKey: 'k-9',
        type: 'permit.edit',
        payload: { n: 3 },
        permitKey: 'Demo:1:42',
        createdAt: at(30),
        status: 'pending',
        attempts: 0,
      },
      {
        ...bob,
        idempotencyKey: 'k-1',
        type: 'permit.create',
        payload: { n: 1 },
        permitKey: 'Other:2:local:0b7c7f1e-2d3a-4c55-9a40-1f2e3d4c5b6a',
        createdAt: at(5),
        status: 'sending',
        attempts: 1,
      },
      {
        ...ann,
        idempotencyKey: 'k-5',
        type: 'permit.create',
        payload: { n: 1 },
        createdAt: at(1),
        status: 'pending',
        attempts: 0,
      },
      {
        ...ann,
        idempotencyKey: 'k-2',
        type: 'permit.edit',
        payload: { n: 2 },
        permitKey: 'Demo:1:42',
        createdAt: at(10),
        status: 'rejected',
        attempts: 2,
        reason: 'No longer allowed',
      },
      {
        ...bob,
        idempotencyKey: 'k-7',
        type: 'tag.apply',
        payload: { n: 2 },
        permitKey: 'Other:2:7',
        createdAt: at(20),
        status: 'conflict',
        attempts: 1,
        reason: 'Changed meanwhile',
      },
    ];
    await old.table('outbox').bulkAdd(v1Items);
    old.close();

    const db = new HaspDatabase(name);
    await db.open();
    // Through version 2 to the newest (version 3 adds the download pages: upgrade-v3.test.ts).
    expect(db.verno).toBe(3);
    const items = await db.outbox.toArray();
    console.log(`upgrade v1 → v2: ${v1Items.length} items before, ${items.length} migrated`);
    expect(items).toHaveLength(v1Items.length);

    const byOwner = (owner: typeof ann) =>
      db.outbox
        .where('[connectionStringName+facilityId+userId+deviceSeq]')
        .between(
          [owner.connectionStringName, owner.facilityId, owner.userId, Dexie.minKey],
          [owner.connectionStringName, owner.facilityId, owner.userId, Dexie.maxKey],
        )
        .toArray();
    const pick = (item: OutboxItem) => [item.idempotencyKey, item.deviceSeq, item.name, item.targetId, item.status];
    expect((await byOwner(ann)).map(pick)).toEqual([
      ['k-5', 1, 'permit.create', null, 'pending'],
      ['k-2', 2, 'permit.edit', 42, 'rejected'],
      ['k-9', 3, 'permit.edit', 42, 'pending'],
    ]);
    expect((await byOwner(bob)).map(pick)).toEqual([
      ['k-1', 1, 'permit.create', 'local:0b7c7f1e-2d3a-4c55-9a40-1f2e3d4c5b6a', 'pending'],
      ['k-7', 2, 'tag.apply', 7, 'conflict'],
    ]);
    const rejected = await db.outbox.get('k-2');
    expect(rejected).toMatchObject({
      input: { n: 2 },
      deviceTime: at(10),
      baseVersion: null,
      error: { code: 'REJECTED', message: 'No longer allowed' },
    });
    expect((await db.outbox.get('k-7'))?.error).toEqual({ code: 'CONFLICT', message: 'Changed meanwhile' });
    // One device id for all of them, and each owner's next sequence follows its last item.
    const deviceId = (await db.meta.get('deviceId'))?.value;
    expect(items.every((item) => item.deviceId === deviceId)).toBe(true);
    expect((await db.meta.get('seq:Demo:1:10'))?.value).toBe(4);
    expect((await db.meta.get('seq:Other:2:20'))?.value).toBe(3);
    db.close();
  });
});
