import 'fake-indexeddb/auto';
import { describe, expect, it } from 'vitest';
import { storedPermitOf } from '../../offline-db';
import { fullPermit, outboxEdit, putPage } from '../../offline-db/pages-test-kit';
import { applyResults } from './outbox-store';
import { freshDatabase, ownerA as owner } from './sync-test-kit';

describe('applyResults on a permit held by a download page (decision 0078)', () => {
  it('a sync answer for a permit its page holds makes it a row with the server version, which then wins', async () => {
    const db = freshDatabase();
    await putPage(db, owner, [fullPermit(41), fullPermit(42)], '2026-11-25T00:00:00.000Z');
    const item = outboxEdit(owner, 'k-9', 41, { status: 'sending', attempts: 1 });
    await db.outbox.put(item);
    const now = '2026-11-26T00:00:00.000Z';
    const result = { idempotencyKey: 'k-9', deviceSeq: 1, outcome: 'applied' as const, serverSeq: 7, version: 4 };
    await applyResults(db, [item], [result], now);
    expect(await db.outbox.count()).toBe(0);
    const row = await db.permits.get('Demo:1:41');
    expect(row).toMatchObject({ ...owner, version: 4, updatedAt: now });
    expect((await storedPermitOf(db, owner, 'Demo:1:41'))?.data).toMatchObject({
      permit: { ID: 41, version: 4 },
      versions: { permit: 4 },
    });
    // The other permit of the page is still read from the page.
    expect(await db.permits.get('Demo:1:42')).toBeUndefined();
    expect((await storedPermitOf(db, owner, 'Demo:1:42'))?.data).toEqual(fullPermit(42));
    db.close();
  });
});
