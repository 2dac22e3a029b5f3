import type { SyncCommand, SyncPushResponse, SyncResult } from '@hasp/contracts';
import { HaspDatabase, type Owner } from '../../offline-db';
import { queueCommand } from './queue-command';
import { SyncEngine, type SyncEngineDeps } from './sync-engine';

/** Test support (import 'fake-indexeddb/auto' first in the test file): a database, owners, a fake server and a virtual clock. */
export const ownerA: Owner = { connectionStringName: 'Demo', facilityId: 1, userId: 10 };
export const ownerB: Owner = { connectionStringName: 'Demo', facilityId: 1, userId: 20 };

let databases = 0;
export function freshDatabase(): HaspDatabase {
  databases += 1;
  return new HaspDatabase(`hasp-sync-test-${databases}-${Math.random()}`);
}

export function queueEdits(db: HaspDatabase, owner: Owner, count: number, permitId = 7) {
  return (async () => {
    for (let i = 0; i < count; i += 1) {
      await queueCommand(db, owner, {
        name: 'permit.edit',
        targetId: permitId,
        input: { description: `edit ${i}` },
        baseVersion: 3,
        permitKey: `${owner.connectionStringName}:${owner.facilityId}:${permitId}`,
      });
    }
  })();
}

/** A virtual clock and timer queue: the test moves time; nothing waits for real time. */
export class VirtualTime {
  now = 1_000_000;
  private timers: { at: number; run: () => void; id: number }[] = [];
  private ids = 0;

  setTimer = (run: () => void, ms: number): unknown => {
    this.ids += 1;
    this.timers.push({ at: this.now + ms, run, id: this.ids });
    return this.ids;
  };

  clearTimer = (id: unknown): void => {
    this.timers = this.timers.filter((timer) => timer.id !== id);
  };

  /** The next timer's time, if any. */
  next(): number | null {
    return this.timers.length ? Math.min(...this.timers.map((t) => t.at)) : null;
  }

  /** Moves to `until`, firing due timers in order (awaiting `settle` after each). */
  async advance(until: number, settle: () => Promise<void>): Promise<void> {
    for (;;) {
      const due = this.timers.filter((t) => t.at <= until).sort((a, b) => a.at - b.at)[0];
      if (!due) break;
      this.timers = this.timers.filter((t) => t !== due);
      this.now = due.at;
      due.run();
      await settle();
    }
    this.now = until;
  }
}

export type Answer = (command: SyncCommand) => Partial<SyncResult> | undefined;

/** A fake `POST /api/sync/push`: records every push and answers each command (applied unless told otherwise). */
export function fakeServer(answer: Answer = () => ({})) {
  const pushes: { commands: SyncCommand[]; at: number; signal: AbortSignal }[] = [];
  let version = 3;
  const push = async (commands: SyncCommand[], signal: AbortSignal, at = 0): Promise<SyncPushResponse> => {
    pushes.push({ commands, at, signal });
    const results: SyncResult[] = [];
    for (const command of commands) {
      const given = answer(command);
      if (given === undefined) continue;
      version += 1;
      results.push({
        idempotencyKey: command.idempotencyKey,
        deviceSeq: command.deviceSeq,
        outcome: 'applied',
        serverSeq: version,
        version,
        ...given,
      });
    }
    return { results, syncedAt: '2026-11-24T12:00:00.000Z' };
  };
  return { pushes, push };
}

export function engineWith(
  db: HaspDatabase,
  deps: Partial<SyncEngineDeps> & Pick<SyncEngineDeps, 'push'>,
  time = new VirtualTime(),
) {
  const engine = new SyncEngine({
    db,
    isOnline: () => true,
    now: () => time.now,
    random: () => 0.5,
    setTimer: time.setTimer,
    clearTimer: time.clearTimer,
    ...deps,
  });
  return { engine, time };
}
