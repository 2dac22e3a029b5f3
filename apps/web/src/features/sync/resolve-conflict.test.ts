import 'fake-indexeddb/auto';
import { describe, expect, it } from 'vitest';
import type { OutboxItem } from '../../offline-db';
import { applyConflictChoice } from './resolve-conflict';
import { freshDatabase, ownerA, queueEdits } from './sync-test-kit';

/** A database whose first queued edit (of two) met a conflict; the permit's row made by the change is there. */
async function withConflict(count = 1) {
  const db = freshDatabase();
  await queueEdits(db, ownerA, count);
  const [first] = (await db.outbox.toArray()).sort((a, b) => a.deviceSeq - b.deviceSeq);
  await db.outbox.update(first!.idempotencyKey, {
    status: 'conflict',
    conflictId: 41,
    error: { code: 'CONFLICT', message: 'changed' },
  });
  const permitKey = first!.permitKey!;
  await db.permits.put({ ...ownerA, key: permitKey, data: {}, version: 3, updatedAt: '' } as never);
  return { db, item: (await db.outbox.get(first!.idempotencyKey)) as OutboxItem, permitKey };
}

describe('applyConflictChoice', () => {
  it('keep mine: the change is queued again over the server version with a new key, clean of the conflict', async () => {
    const { db, item } = await withConflict();
    await applyConflictChoice(db, item, { keep: 'mine' }, 9);
    const items = await db.outbox.toArray();
    expect(items).toHaveLength(1);
    const again = items[0]!;
    expect(again.idempotencyKey).not.toBe(item.idempotencyKey);
    expect(again).toMatchObject({ name: 'permit.edit', input: item.input, baseVersion: 9, status: 'pending' });
    expect(again.deviceSeq).toBeGreaterThan(item.deviceSeq);
    expect(again.conflictId).toBeUndefined();
    expect(again.error).toBeUndefined();
  });

  it('a merge sends the chosen input', async () => {
    const { db, item } = await withConflict();
    await applyConflictChoice(db, item, { keep: 'merged', input: { description: 'chosen' } }, 9);
    expect((await db.outbox.toArray()).map((i) => i.input)).toEqual([{ description: 'chosen' }]);
  });

  it('keep theirs: the change leaves, and the permit row it made goes when nothing else of the permit waits', async () => {
    const { db, item, permitKey } = await withConflict();
    await applyConflictChoice(db, item, { keep: 'theirs' }, 9);
    expect(await db.outbox.count()).toBe(0);
    expect(await db.permits.get(permitKey)).toBeUndefined();
  });

  it('keep theirs keeps the row while another change of the permit waits', async () => {
    const { db, item, permitKey } = await withConflict(2);
    await applyConflictChoice(db, item, { keep: 'theirs' }, 9);
    expect(await db.outbox.count()).toBe(1);
    expect(await db.permits.get(permitKey)).toBeDefined();
  });
});
