import { apiPost, userHeaders, type ApiUser } from './api-user';
import { expect } from './fixtures';

export type { ApiUser };

/**
 * Isolation set up through the API for specs whose point is elsewhere (the crew, tags, abandoned
 * removals): the permit's plan walked through the isolation plan's own commands, locks and tags, as
 * the Isolation tab does it (isolation-plan.spec.ts and loto-journey.spec.ts do it on the screen).
 */

type PlanPoint = {
  ID: number;
  code: string;
  lockable: boolean;
  verificationMethod: string;
  heldBy: { number: string }[];
  locks: { applicationId: number; serial: string; appliedBy: { ID: number } }[];
  tags: { ID: number; number: string; state: string }[];
};
export type Plan = { version: number; points: PlanPoint[] };

export const planCommand = (user: ApiUser, permitId: number, verb: string, data: object = {}) =>
  apiPost<Plan>(user, `/api/permits/${permitId}/isolation-plan/commands/${verb}`, data);

export async function readPlan(user: ApiUser, permitId: number): Promise<Plan> {
  const response = await user.page.request.get(`/api/permits/${permitId}/isolation-plan`, {
    headers: userHeaders(user),
  });
  expect(response.status(), await response.text()).toBe(200);
  return (await response.json()) as Plan;
}

/** The signed-in user's own ID (GET /api/auth/me). */
export async function myUserId(user: ApiUser): Promise<number> {
  const response = await user.page.request.get('/api/auth/me', { headers: userHeaders(user) });
  expect(response.status(), await response.text()).toBe(200);
  return ((await response.json()) as { user: { ID: number } }).user.ID;
}

/**
 * A new pool padlock (no owner) of the lock cabinet, registered through Lock Manage by a user who
 * manages locks: nobody applies it until a permit's issuer assigns it to that permit. Its id and serial.
 */
export async function registerPoolLock(manager: ApiUser, prefix = 'P'): Promise<{ id: number; serial: string }> {
  const serial = `${prefix}-${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`.toUpperCase();
  const lock = await apiPost<{ ID: number }>(manager, '/api/locks', {
    serial,
    kind: 'padlock',
    colourId: null,
    note: '',
  });
  return { id: lock.ID, serial };
}

/**
 * A new padlock issued to its owner, through Lock Manage's commands (register, then issue) by a user
 * who manages locks (a supervisor): the inventory's screen is the locks spec's. Its id and serial.
 */
export async function issueLock(manager: ApiUser, ownerId: number): Promise<{ id: number; serial: string }> {
  const lock = await registerPoolLock(manager);
  await apiPost(manager, `/api/locks/${lock.id}/commands/issue`, { ownerId });
  return lock;
}

/**
 * The (d) steps on an Approved permit whose assets have isolation points: fill, notify, shut down,
 * isolate each point, the user's own lock on each lockable point (issued to them through Lock
 * Manage's commands: the user manages locks) and each planned tag applied, stored energy released,
 * every point verified. The permit may then be isolated.
 */
export async function isolatePlan(user: ApiUser, permitId: number): Promise<Plan> {
  const userId = await myUserId(user);
  const filled = await planCommand(user, permitId, 'fill');
  expect(filled.points.length, 'the permit has assets with isolation points').toBeGreaterThan(0);
  await planCommand(user, permitId, 'notify');
  await planCommand(user, permitId, 'shut-down');
  for (const point of filled.points) await planCommand(user, permitId, 'isolate-point', { planPointId: point.ID });
  for (const point of filled.points) {
    if (point.lockable) {
      const lock = await issueLock(user, userId);
      await apiPost(user, `/api/permits/${permitId}/locks/commands/apply`, { lockId: lock.id, planPointId: point.ID });
    }
    // The lock's command hung the point's tag with it: only tags still waiting are hung here.
    const fresh = (await readPlan(user, permitId)).points.find((p) => p.ID === point.ID)!;
    for (const tag of fresh.tags.filter((t) => t.state === 'planned' || t.state === 'printed'))
      await apiPost(user, `/api/permits/${permitId}/tags/commands/apply`, { tagId: tag.ID });
  }
  await planCommand(user, permitId, 'release-stored-energy');
  let plan = filled;
  for (const point of filled.points)
    plan = await planCommand(user, permitId, 'verify-point', {
      planPointId: point.ID,
      method: point.verificationMethod || 'Try start',
      outcome: 'pass',
      result: 'No movement, zero energy',
    });
  return plan;
}

/**
 * The (e) steps on a permit in De-isolation, by the user who applied the locks and tags: inspect,
 * people clear, locks and tags off, each point restored (or released where another permit still
 * holds it), release notified. The permit may then be closed.
 */
export async function releasePlan(user: ApiUser, permitId: number): Promise<Plan> {
  await planCommand(user, permitId, 'inspect-area');
  const plan = await planCommand(user, permitId, 'clear-people');
  for (const point of plan.points) {
    for (const lock of point.locks)
      await apiPost(user, `/api/permits/${permitId}/locks/commands/remove`, { applicationId: lock.applicationId });
    for (const tag of point.tags.filter((t) => t.state === 'applied' || t.state === 'verified'))
      await apiPost(user, `/api/permits/${permitId}/tags/commands/remove`, { tagId: tag.ID });
  }
  for (const point of (await readPlan(user, permitId)).points) {
    const verb = point.heldBy.length ? 'release-point' : 'restore-point';
    await planCommand(user, permitId, verb, { planPointId: point.ID });
  }
  return planCommand(user, permitId, 'notify-release');
}
