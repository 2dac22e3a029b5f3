import 'fake-indexeddb/auto';
import { describe, expect, it } from 'vitest';
import type { SyncCommand } from '@hasp/contracts';
import type { StoredPermit } from '../../offline-db';
import { backoffDelay, FAILURES_PER_MINUTE, RETRY_MAX_MS } from './backoff';
import { queueCommand } from './queue-command';
import { engineWith, fakeServer, freshDatabase, ownerA, ownerB, queueEdits, VirtualTime } from './sync-test-kit';

describe('the outbox pusher', () => {
  it('pushes only the signed-in owner’s pending items, in device-sequence order, at most 100 per push', async () => {
    const db = freshDatabase();
    await queueEdits(db, ownerA, 80);
    await queueEdits(db, ownerB, 20);
    await queueEdits(db, ownerA, 70);
    const server = fakeServer();
    const { engine } = engineWith(db, { push: server.push });

    engine.setOwner(ownerA);
    await engine.settled();

    expect(server.pushes.map((p) => p.commands.length)).toEqual([100, 50]);
    const sent = server.pushes.flatMap((p) => p.commands);
    expect(sent.map((c) => c.deviceSeq)).toEqual(Array.from({ length: 150 }, (_, i) => i + 1));
    expect(new Set(sent.map((c) => c.owner.userId))).toEqual(new Set([ownerA.userId]));
    // The other owner's items wait for that owner (never pushed for another user).
    const left = await db.outbox.toArray();
    expect(left).toHaveLength(20);
    expect(left.every((item) => item.userId === ownerB.userId && item.status === 'pending')).toBe(true);
    expect(engine.getProgress()).toMatchObject({ phase: 'idle', done: 150, total: 150 });
  });

  it('applies each answer: applied leaves the outbox, a conflict or a refusal stays with the server’s reason', async () => {
    const db = freshDatabase();
    await queueEdits(db, ownerA, 4);
    const server = fakeServer((command) => {
      if (command.deviceSeq === 2) {
        return {
          outcome: 'conflict',
          version: null,
          conflictId: 91,
          error: { code: 'CONFLICT', message: 'Changed by Ann' },
        };
      }
      if (command.deviceSeq === 3) {
        return {
          outcome: 'rejected',
          version: null,
          error: { code: 'FORBIDDEN', message: 'You may no longer edit this permit' },
        };
      }
      return {};
    });
    const { engine } = engineWith(db, { push: server.push });
    engine.setOwner(ownerA);
    await engine.settled();

    const left = await db.outbox.orderBy('idempotencyKey').toArray();
    expect(left.map((i) => [i.deviceSeq, i.status, i.error?.message, i.conflictId]).sort()).toEqual([
      [2, 'conflict', 'Changed by Ann', 91],
      [3, 'rejected', 'You may no longer edit this permit', undefined],
    ]);
    // Never sent again: they are recorded on the server.
    engine.kick(true);
    await engine.settled();
    expect(server.pushes).toHaveLength(1);
  });

  it('gives a permit created offline the server’s number and id, and every applied command’s version', async () => {
    const db = freshDatabase();
    const localId = 'local:0b7c7f1e-2d3a-4c55-9a40-1f2e3d4c5b6a';
    const key = `Demo:1:${localId}`;
    const stored: StoredPermit = {
      ...ownerA,
      key,
      permitType: 'LOTO',
      version: 0,
      data: { permit: { ID: localId, number: 'OFF-1', version: 0 }, sections: {}, versions: {} },
      updatedAt: '2026-11-24T10:00:00.000Z',
      provisionalNumber: 'OFF-1',
    };
    await db.permits.put(stored);
    await queueCommand(db, ownerA, {
      name: 'permit.create',
      targetId: localId,
      input: {},
      baseVersion: null,
      permitKey: key,
    });
    await queueCommand(db, ownerA, {
      name: 'isolation-plan.fill',
      targetId: localId,
      input: {},
      baseVersion: 0,
      permitKey: key,
    });
    const server = fakeServer((command) =>
      command.name === 'permit.create'
        ? { version: 1, created: { localId, permitId: 501, number: 'LOTO-0501' } }
        : { version: 4 },
    );
    const { engine } = engineWith(db, { push: server.push });
    engine.setOwner(ownerA);
    await engine.settled();

    // Later commands still target the local id (the server maps it).
    expect(server.pushes[0]!.commands.map((c) => c.targetId)).toEqual([localId, localId]);
    const permit = await db.permits.get(key);
    expect(permit).toMatchObject({
      version: 1,
      data: { permit: { ID: 501, number: 'LOTO-0501', version: 1 }, versions: { permit: 1, 'isolation-plan': 4 } },
    });
    expect(permit?.provisionalNumber).toBeUndefined();
    expect((permit?.data as { provisional: unknown }).provisional).toEqual({ localId, number: 'OFF-1' });
    expect(await db.outbox.count()).toBe(0);
  });

  it('keeps deferred and unanswered items and sends them again after a pause, not at once', async () => {
    const db = freshDatabase();
    await queueEdits(db, ownerA, 3);
    let round = 0;
    const server = fakeServer((command) => {
      if (round === 1 && command.deviceSeq === 2) return { outcome: 'deferred', version: null, serverSeq: null };
      if (round === 1 && command.deviceSeq === 3) return undefined;
      return {};
    });
    const time = new VirtualTime();
    const { engine } = engineWith(
      db,
      {
        push: (commands, signal) => {
          round += 1;
          return server.push(commands, signal, time.now);
        },
      },
      time,
    );
    engine.setOwner(ownerA);
    await engine.settled();
    expect(await db.outbox.count()).toBe(2);
    expect((await db.outbox.toArray()).every((i) => i.status === 'pending')).toBe(true);
    expect(engine.getProgress().phase).toBe('retrying');

    await time.advance(time.now + 999, () => engine.settled());
    expect(server.pushes).toHaveLength(1);
    await time.advance(time.now + 2_000, () => engine.settled());
    expect(server.pushes.map((p) => p.commands.map((c) => c.deviceSeq))).toEqual([
      [1, 2, 3],
      [2, 3],
    ]);
    expect(await db.outbox.count()).toBe(0);
  });

  it('sends nothing while offline, and syncs when the network comes back', async () => {
    const db = freshDatabase();
    await queueEdits(db, ownerA, 2);
    const server = fakeServer();
    let online = false;
    const { engine } = engineWith(db, { push: server.push, isOnline: () => online });
    engine.setOwner(ownerA);
    await engine.settled();
    expect(server.pushes).toHaveLength(0);
    expect(engine.getProgress().phase).toBe('offline');

    online = true;
    engine.setOnline(true);
    await engine.settled();
    expect(server.pushes).toHaveLength(1);
    expect(await db.outbox.count()).toBe(0);
  });

  it('stops at a user switch: the push in flight is aborted and the next one carries only the new owner’s items', async () => {
    const db = freshDatabase();
    await queueEdits(db, ownerA, 3);
    await queueEdits(db, ownerB, 2);
    const server = fakeServer();
    let release: (() => void) | null = null;
    const { engine } = engineWith(db, {
      push: async (commands, signal) => {
        if (commands[0]!.owner.userId === ownerA.userId && !release) {
          await new Promise<void>((resolve, reject) => {
            release = resolve;
            signal.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError')));
          });
        }
        return server.push(commands, signal);
      },
    });
    engine.setOwner(ownerA);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(release).not.toBeNull();

    engine.setOwner(ownerB);
    await engine.settled();
    await engine.settled();

    const pushed = server.pushes.flatMap((p) => p.commands);
    expect(pushed.every((c: SyncCommand) => c.owner.userId === ownerB.userId)).toBe(true);
    expect(pushed).toHaveLength(2);
    const left = await db.outbox.toArray();
    expect(left.map((i) => [i.userId, i.status])).toEqual([
      [ownerA.userId, 'pending'],
      [ownerA.userId, 'pending'],
      [ownerA.userId, 'pending'],
    ]);

    // Signed in again, the original user's items sync.
    engine.setOwner(ownerA);
    await engine.settled();
    expect(await db.outbox.count()).toBe(0);
  });

  it('applies the answer of a push that was in flight at sign-out to that owner’s items, and pushes nothing after', async () => {
    const db = freshDatabase();
    await queueEdits(db, ownerA, 2);
    const server = fakeServer();
    let release: (() => void) | null = null;
    const { engine } = engineWith(db, {
      push: async (commands, signal) => {
        await new Promise<void>((resolve) => (release = resolve));
        return server.push(commands, signal);
      },
    });
    engine.setOwner(ownerA);
    await new Promise((resolve) => setTimeout(resolve, 50));
    await queueEdits(db, ownerA, 1);
    engine.setOwner(null);
    release!();
    await engine.settled();

    expect(server.pushes).toHaveLength(1);
    const left = await db.outbox.toArray();
    expect(left.map((i) => [i.deviceSeq, i.status])).toEqual([[3, 'pending']]);
    expect(engine.getProgress().phase).toBe('signed-out');
  });
});

it('sends again the items a killed tab left on their way, and the server’s repeated answer applies them once', async () => {
  const db = freshDatabase();
  await queueEdits(db, ownerA, 3);
  // A tab was killed mid-push: its items stayed `sending`.
  await db.outbox.toCollection().modify({ status: 'sending', attempts: 1 });
  const server = fakeServer();
  const { engine } = engineWith(db, { push: server.push });
  engine.setOwner(ownerA);
  await engine.settled();
  expect(server.pushes.map((p) => p.commands.map((c) => c.deviceSeq))).toEqual([[1, 2, 3]]);
  expect(await db.outbox.count()).toBe(0);
});

describe('retries', () => {
  it('backs off exponentially with jitter, never under 1 s nor over 5 min', () => {
    for (let attempt = 1; attempt <= 30; attempt += 1) {
      for (const r of [0, 0.25, 0.5, 0.999, 1]) {
        const delay = backoffDelay(attempt, () => r);
        expect(delay).toBeGreaterThanOrEqual(1_000);
        expect(delay).toBeLessThanOrEqual(RETRY_MAX_MS);
      }
    }
    expect(backoffDelay(1, () => 0)).toBe(1_000);
    expect(backoffDelay(2, () => 0)).toBe(2_000);
    expect(backoffDelay(10, () => 1)).toBe(RETRY_MAX_MS);
    expect(backoffDelay(10, () => 0)).toBe(RETRY_MAX_MS / 2);
  });

  it('makes no hot loop: a dead network and an online event every second give at most 6 failed pushes a minute', async () => {
    const db = freshDatabase();
    await queueEdits(db, ownerA, 5);
    const time = new VirtualTime();
    const attempts: number[] = [];
    const failures: boolean[] = [];
    const { engine } = engineWith(
      db,
      {
        push: () => {
          attempts.push(time.now);
          return Promise.reject(new TypeError('Failed to fetch'));
        },
        onFailure: (_error, first) => failures.push(first),
      },
      time,
    );
    engine.setOwner(ownerA);
    await engine.settled();
    const start = time.now;
    // Ten minutes of a flapping network: the browser says offline, then online, every second.
    for (let second = 1; second <= 600; second += 1) {
      await time.advance(start + second * 1_000, () => engine.settled());
      engine.setOnline(false);
      engine.setOnline(true);
      await engine.settled();
    }
    let worst = 0;
    for (const at of attempts) worst = Math.max(worst, attempts.filter((t) => t >= at && t < at + 60_000).length);
    console.log(`no hot loop: ${attempts.length} pushes in 10 min, at most ${worst} in any minute`);
    expect(worst).toBeLessThanOrEqual(FAILURES_PER_MINUTE);
    expect(attempts.length).toBeGreaterThan(10);
    // One toast for the whole streak.
    expect(failures.filter(Boolean)).toHaveLength(1);
    // Nothing was lost while failing.
    expect(await db.outbox.where('status').equals('pending').count()).toBe(5);
  });

  it('waits longer after each failure while the browser stays online', async () => {
    const db = freshDatabase();
    await queueEdits(db, ownerA, 1);
    const time = new VirtualTime();
    const attempts: number[] = [];
    const { engine } = engineWith(
      db,
      {
        push: () => {
          attempts.push(time.now);
          return Promise.reject(new TypeError('Failed to fetch'));
        },
        random: () => 0,
      },
      time,
    );
    engine.setOwner(ownerA);
    await engine.settled();
    await time.advance(time.now + 3_600_000, () => engine.settled());
    const gaps = attempts.slice(1).map((at, i) => at - attempts[i]!);
    expect(gaps.slice(0, 8)).toEqual([1_000, 2_000, 4_000, 8_000, 16_000, 32_000, 64_000, 128_000]);
    expect(Math.max(...gaps)).toBeLessThanOrEqual(RETRY_MAX_MS);
    expect(gaps.at(-1)).toBe(RETRY_MAX_MS / 2);
  });
});
