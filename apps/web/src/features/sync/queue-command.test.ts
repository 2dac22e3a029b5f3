import 'fake-indexeddb/auto';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { queueCommand } from './queue-command';
import { isStorageFull } from './storage-quota';
import { freshDatabase, ownerA, queueEdits } from './sync-test-kit';

afterEach(() => vi.restoreAllMocks());

describe('queueCommand when the device is out of space (R32)', () => {
  it('refuses the new change with QuotaExceededError, saves nothing of it and keeps every existing item', async () => {
    const db = freshDatabase();
    await queueEdits(db, ownerA, 3);
    const before = await db.outbox.toArray();
    const seqBefore = (await db.meta.get('seq:Demo:1:10'))?.value;

    // IndexedDB refuses the outbox write as a full disk does; the sequence was already taken in the
    // same transaction, so a half-saved change would show as a skipped number.
    const store = IDBObjectStore.prototype;
    const add: IDBObjectStore['add'] = Reflect.get(store, 'add');
    vi.spyOn(store, 'add').mockImplementation(function (this: IDBObjectStore, ...args) {
      if (this.name === 'outbox') throw new DOMException('The quota has been exceeded.', 'QuotaExceededError');
      return add.apply(this, args);
    });
    const attempt = queueCommand(db, ownerA, { name: 'permit.edit', targetId: 7, input: { n: 4 }, baseVersion: 3 });
    const error = await attempt.then(
      () => null,
      (e: unknown) => e,
    );
    expect(isStorageFull(error)).toBe(true);

    vi.restoreAllMocks();
    expect(await db.outbox.toArray()).toEqual(before);
    expect((await db.meta.get('seq:Demo:1:10'))?.value).toBe(seqBefore);
    console.log(`quota exhausted: ${before.length} items before, ${await db.outbox.count()} after, 0 half-saved`);

    // Space again: the next change takes the next number, with no gap.
    const next = await queueCommand(db, ownerA, { name: 'permit.edit', targetId: 7, input: { n: 4 }, baseVersion: 3 });
    expect(next.deviceSeq).toBe(4);
  });
});
