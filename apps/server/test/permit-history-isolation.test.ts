import { execFile } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { IsolationPlan, LockboxView, Permit, PermitHistoryEntry } from '@hasp/contracts';
import { DEMO_PASSWORD, type TestApp } from './test-app';
import { callAs, newPressPermit, startIsolationPlanApp, type IsolationPlanApp } from './support/isolation-plan-app';
import { answerStage, stageNeededBy } from './support/permit-answers';
import { newLock, removeTag } from './support/loto-fixtures';
import { signedBody } from './support/signing';

/**
 * A permit's History (and its PDF) names every isolation step, read from the audit trail: a LOTO
 * permit on the press walked through the real routes from draft to Closed (a two-point plan,
 * locks, tags, stored energy, try-out, a crew member's sign-on and sign-off, removal, restore),
 * then its history and its PDF's text (pdftotext) compared with the steps in the order they were
 * taken, each with who and when.
 */
const run = promisify(execFile);
let app: IsolationPlanApp;
let t: TestApp;
let dir: string;
const db = () => t.connections[0]!.db;

const ok = async <T>(response: { statusCode: number; body: string; json: <R>() => R }): Promise<T> => {
  expect(response.statusCode, response.body).toBe(200);
  return response.json<T>();
};
const get = <T>(as: string, url: string) => callAs(app, as, 'GET', url).then((r) => ok<T>(r));

beforeAll(async () => {
  app = await startIsolationPlanApp(['supervisor', 'worker']);
  t = app.t;
  dir = await mkdtemp(join(tmpdir(), 'hasp-history-'));
});
afterAll(async () => {
  await t?.close();
  if (dir) await rm(dir, { recursive: true, force: true });
});

/** The journey; answers the permit and the history lines expected of its isolation steps, in order. */
async function journey(): Promise<{ permit: Permit; steps: [string, string][] }> {
  const id = await newPressPermit(app, 'Replace the press ram seal', 4);
  const plan = (as: string, verb: string, body: object = {}) =>
    callAs(app, as, 'POST', `/api/permits/${id}/isolation-plan/commands/${verb}`, body).then((r) =>
      ok<IsolationPlan>(r),
    );
  const command = async (as: string, verb: string, body: object = {}) => {
    const stage = stageNeededBy(verb);
    if (stage) await answerStage(t.app, app.tokens[as]!, id, stage);
    return ok<Permit>(await callAs(app, as, 'POST', `/api/permits/${id}/commands/${verb}`, signedBody(verb, body)));
  };
  const lockbox = (as: string, verb: string, body: object = {}) =>
    callAs(app, as, 'POST', `/api/permits/${id}/lockbox/commands/${verb}`, body).then((r) => ok<LockboxView>(r));
  const [sam, wes] = ['Sam Supervisor', 'Wren Worker'];
  const steps: [string, string][] = [];

  await command('worker', 'request');
  await command('supervisor', 'approve', { password: DEMO_PASSWORD });
  let p = await plan('worker', 'fill');
  steps.push([wes, 'Isolation plan filled: 3 points']);
  // A two-point plan: the hydraulic point that takes no lock leaves it.
  const h2 = p.points.find((x) => x.code === 'H-2')!;
  p = await plan('worker', 'remove-point', { planPointId: h2.ID });
  steps.push([wes, 'H-2 removed from the plan']);
  await plan('supervisor', 'notify');
  await plan('supervisor', 'shut-down');
  steps.push([sam, 'Affected employees notified'], [sam, 'Equipment shut down']);
  for (const point of p.points) {
    await plan('supervisor', 'isolate-point', { planPointId: point.ID });
    steps.push([sam, `${point.code} isolated`]);
  }
  for (const point of p.points) {
    const serial = `H-${id}-${point.code}`;
    const lockId = await newLock(db(), serial, id);
    await ok(
      await callAs(app, 'supervisor', 'POST', `/api/permits/${id}/locks/commands/apply`, {
        lockId,
        planPointId: point.ID,
      }),
    );
    // The lock's command hung the point's tag with it.
    steps.push(
      [sam, `Lock ${serial} applied on ${point.code}`],
      [sam, `Tag ${point.tags[0]!.number} hung on ${point.code}`],
    );
  }
  await plan('supervisor', 'release-stored-energy');
  steps.push([sam, 'Stored energy released']);
  for (const point of p.points) {
    await plan('supervisor', 'verify-point', {
      planPointId: point.ID,
      method: 'Try start',
      outcome: 'pass',
      result: 'Zero energy',
    });
    steps.push([sam, `${point.code} verified: Try start — Zero energy`]);
  }
  await command('supervisor', 'isolate');
  await command('supervisor', 'issue');
  await command('worker', 'accept');

  // The crew: a lockbox, the keys in it, the worker signs on with a personal lock and off again.
  await lockbox('supervisor', 'open', { primaryUserId: app.ids.supervisor, lockId: null });
  const box = (await get<LockboxView>('supervisor', `/api/permits/${id}/lockbox`)).lockbox!.number;
  await lockbox('supervisor', 'deposit-keys');
  const personal = `P-${id}`;
  const mine = await lockbox('worker', 'sign-on', { lockId: await newLock(db(), personal, id) });
  steps.push([sam, `Lockbox ${box} opened`], [sam, `Keys deposited in lockbox ${box}`]);
  steps.push([wes, `Signed on: ${wes} (lock ${personal})`]);
  // A type that tags each personal lock hangs and takes off the member's tag with it.
  const crewTag = mine.mySignOn!.tag;
  if (crewTag) steps.push([wes, `Tag ${crewTag.number} hung on ${personal}`]);
  // The last member signs off only once the work is no longer under way (the shift-change rule).
  await command('worker', 'complete-work');
  await lockbox('worker', 'sign-off', { applicationId: mine.mySignOn!.applicationId });
  if (crewTag) steps.push([wes, `Tag ${crewTag.number} removed from ${personal}`]);
  steps.push([wes, `Signed off: ${wes} (lock ${personal})`]);
  await lockbox('supervisor', 'release');
  steps.push([sam, `Lockbox ${box} released`]);

  await command('supervisor', 'de-isolate');
  await plan('supervisor', 'inspect-area');
  await plan('supervisor', 'clear-people');
  steps.push([sam, 'Work area inspected'], [sam, 'People clear']);
  p = await get<IsolationPlan>('supervisor', `/api/permits/${id}/isolation-plan`);
  for (const point of p.points) {
    const lock = point.locks[0]!;
    const tag = point.tags.find((x) => x.state === 'applied')!;
    await ok(
      await callAs(app, 'supervisor', 'POST', `/api/permits/${id}/locks/commands/remove`, {
        applicationId: lock.applicationId,
      }),
    );
    await ok(await removeTag(t.app, app.tokens.supervisor!, id, tag.ID));
    await plan('supervisor', 'restore-point', { planPointId: point.ID });
    steps.push(
      [sam, `Lock ${lock.serial} removed from ${point.code}`],
      [sam, `Tag ${tag.number} removed from ${point.code}`],
      [sam, `${point.code} restored`],
    );
  }
  await plan('supervisor', 'notify-release');
  steps.push([sam, 'Affected employees notified of the release']);
  const permit = await command('supervisor', 'close');
  expect(permit.status).toBe('closed');
  return { permit, steps };
}

let subject: Awaited<ReturnType<typeof journey>>;
let history: PermitHistoryEntry[];

describe("a permit's history of its isolation steps", () => {
  it('lists every isolation step with who and when, in the order taken, among the lifecycle', async () => {
    const started = Date.now();
    subject = await journey();
    history = await get<PermitHistoryEntry[]>('supervisor', `/api/permits/${subject.permit.ID}/history`);
    const steps = history.filter((x) => x.step);
    expect(steps.map((x) => [x.actor?.displayName, x.summary])).toEqual(subject.steps);
    // When: each step at its own instant, in audit order, none before the journey started.
    const times = history.map((x) => Date.parse(x.at));
    expect(times).toEqual([...times].sort((a, b) => a - b));
    expect(times[0]).toBeGreaterThanOrEqual(started - 1000);
    // The lifecycle keeps its own entries around the steps: created first, closed last.
    expect(history[0]!.action).toBe('permit.create');
    expect(history.at(-1)).toMatchObject({ action: 'permit.close', toStatus: 'closed', step: null });
    // A step says which step it is and what it names, so the screen words it in the reader's language.
    expect(steps.find((x) => x.action === 'isolation-plan.verify-point')!.step).toEqual({
      kind: 'pointVerified',
      values: expect.objectContaining({ point: 'E-1', method: 'Try start', result: 'Zero energy' }),
    });
  }, 180_000);

  it("prints the same steps with who and when in the PDF's history", async () => {
    const response = await t.app.inject({
      method: 'GET',
      url: `/api/permits/${subject.permit.ID}/pdf`,
      headers: { authorization: `Bearer ${app.tokens.supervisor}` },
    });
    expect(response.statusCode, response.body).toBe(200);
    const file = join(dir, 'history.pdf');
    await writeFile(file, response.rawPayload);
    const text = (await run('pdftotext', ['-enc', 'UTF-8', file, '-'])).stdout.replace(/\s+/g, ' ');
    const history = text.slice(text.lastIndexOf(' History '));
    // Each line: the facility's time with its UTC offset (North Plant: America/Chicago), who, the step.
    let from = 0;
    for (const [who, words] of subject.steps) {
      const line = new RegExp(`\\d{4}-\\d\\d-\\d\\d \\d\\d:\\d\\d -0[56]:00 ${escape(who)}: ${escape(words)}`, 'g');
      line.lastIndex = from;
      const found = line.exec(history);
      expect(found, `${who}: ${words} after position ${from}`).not.toBeNull();
      from = found!.index + found![0].length;
    }
    expect(history).toMatch(/Sam Supervisor: Close: De-isolation to Closed/);
  });
});

const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
