import 'fake-indexeddb/auto';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { syncPushSchema } from '@hasp/contracts';
import { toSyncCommand } from './outbox-store';
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

describe('a permit made offline: its provisional number goes with its creation', () => {
  it('is kept on the queued creation and sent in the push, as the contract takes it', async () => {
    const db = freshDatabase();
    const created = await queueCommand(db, ownerA, {
      name: 'permit.create',
      targetId: 'local:0b7c7f1e-2d3a-4c55-9a40-1f2e3d4c5b6a',
      input: { title: 'Made offline' },
      baseVersion: null,
      provisionalNumber: 'OFF-LOTO-20261125-0B7C',
    });
    const edit = await queueCommand(db, ownerA, { name: 'permit.edit', targetId: 7, input: {}, baseVersion: 3 });
    const [sent, other] = [toSyncCommand(created), toSyncCommand(edit)];
    expect(sent.provisionalNumber).toBe('OFF-LOTO-20261125-0B7C');
    expect('provisionalNumber' in other).toBe(false);
    expect(syncPushSchema.safeParse({ commands: [sent, other] }).success).toBe(true);
    // A number not in the provisional form is refused by the contract (the server would say so).
    expect(syncPushSchema.safeParse({ commands: [{ ...sent, provisionalNumber: 'LOTO-1' }] }).success).toBe(false);
  });
});

describe('a signed step queued offline: its sealed signature names the queued command', () => {
  it('keeps the idempotency key the caller chose before sealing, and sends it in the push', async () => {
    const db = freshDatabase();
    const key = '5c1d6a0e-8f2b-4e3a-9d7c-2b1a0f9e8d7c';
    const item = await queueCommand(db, ownerA, {
      name: 'permit.accept',
      targetId: 7,
      input: { sealedSignature: { keyId: 1, ciphertext: 'c2VhbGVk' } },
      baseVersion: 3,
      idempotencyKey: key,
    });
    expect(item.idempotencyKey).toBe(key);
    expect((await db.outbox.toArray()).map((i) => i.idempotencyKey)).toEqual([key]);
    expect(toSyncCommand(item).idempotencyKey).toBe(key);
  });
});
