/**
 * Failpoints of the push, for the tests that kill the server mid-sync: a test arms one to "kill" the server at that point of a sync — the
 * request dies there and the device must resend. Arming works only under the test runner (VITEST or
 * NODE_ENV=test); in production nothing can arm them, and an unarmed point is a map lookup.
 * - `before_commit`: the command is applied and recorded, then its transaction fails (rolled back).
 * - `after_commit_before_response`: the command is committed, then the request dies unanswered.
 * - `mid_batch`: the request dies between two commands of a batch.
 * A test that runs the whole server as a process arms one through the environment instead
 * (`HASP_TEST_SYNC_FAILPOINT=<name>:<skip>`), and with `HASP_TEST_SYNC_FAILPOINT_KILL=1` the point
 * kills the process outright (SIGKILL: no handler, no rollback but the database's own), as a power
 * cut or the out-of-memory killer would.
 */
export const syncFailpointNames = ['before_commit', 'after_commit_before_response', 'mid_batch'] as const;
export type SyncFailpointName = (typeof syncFailpointNames)[number];

/** What a failpoint throws: never caught by the push (the request fails as a crash would). */
export class SyncFailpointError extends Error {
  constructor(readonly failpoint: SyncFailpointName) {
    super(`sync failpoint ${failpoint}`);
  }
}

const testing = () => process.env.VITEST !== undefined || process.env.NODE_ENV === 'test';

/** `<name>:<skip>` from the environment, for a server run as a process by a test. */
function armedFromEnvironment(): [SyncFailpointName, number][] {
  const match = /^(\w+):(\d+)$/.exec(process.env.HASP_TEST_SYNC_FAILPOINT ?? '');
  if (!match || !testing() || !(syncFailpointNames as readonly string[]).includes(match[1]!)) return [];
  return [[match[1] as SyncFailpointName, Number(match[2])]];
}

/** Armed points: how many more passes to let through before it fires once (then disarms). */
const armed = new Map<SyncFailpointName, number>(armedFromEnvironment());

/** Fires `name` on its (skip + 1)-th pass. Tests only. */
export function armSyncFailpoint(name: SyncFailpointName, skip = 0): void {
  if (!testing()) throw new Error('sync failpoints are for tests only');
  armed.set(name, skip);
}

export function disarmSyncFailpoints(): void {
  armed.clear();
}

/** A point of the push: throws when a test armed it and its turn has come. */
export function syncFailpoint(name: SyncFailpointName): void {
  const skip = armed.get(name);
  if (skip === undefined) return;
  if (skip > 0) {
    armed.set(name, skip - 1);
    return;
  }
  armed.delete(name);
  if (process.env.HASP_TEST_SYNC_FAILPOINT_KILL === '1') process.kill(process.pid, 'SIGKILL');
  throw new SyncFailpointError(name);
}
