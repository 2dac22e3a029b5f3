import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pointProtected, type IsolationPlan, type LockApplication, type Permit } from '@hasp/contracts';
import { DEMO_PASSWORD, type TestApp } from './test-app';
import { permitTypeIdOf } from './support/permit-type-fixtures';
import { callAs, newPressPermit, startIsolationPlanApp, type IsolationPlanApp } from './support/isolation-plan-app';
import { answerStage, stageNeededBy } from './support/permit-answers';
import { applyPointTag, newLock, putLock, putTag, removeTag, setTagState, takeLock } from './support/loto-fixtures';
import { signedBody } from './support/signing';

/**
 * The isolation plan over HTTP on the real server: fill in component and
 * code order, edits only before shut-down, the (d) steps in order with the missing step named,
 * verification only with lock and tag in place, the isolate / end-test / close guards, shared
 * points ("held by", restore refused, release lets go) and the closing guard's list.
 */
let app: IsolationPlanApp;
let t: TestApp;
let tokens: Record<string, string>;
let ids: Record<string, number>;
let press: number;
const db = () => t.connections[0]!.db;

const call = (
  as: string,
  method: 'GET' | 'POST',
  url: string,
  payload?: object,
  headers: Record<string, string> = {},
) => callAs(app, as, method, url, payload, headers);
const plan = async (as: string, permitId: number) =>
  (await call(as, 'GET', `/api/permits/${permitId}/isolation-plan`)).json<IsolationPlan>();
const give = (as: string, permitId: number, verb: string, body: object = {}) =>
  call(as, 'POST', `/api/permits/${permitId}/isolation-plan/commands/${verb}`, body);
/** A lifecycle command; the stage's checklist questions (LOTO asks some) answered first by the same person. */
const permitCommand = async (as: string, permitId: number, verb: string, body: object = {}) => {
  const stage = stageNeededBy(verb);
  if (stage) await answerStage(t.app, tokens[as]!, permitId, stage);
  return call(as, 'POST', `/api/permits/${permitId}/commands/${verb}`, signedBody(verb, body));
};
const ok = async (response: Awaited<ReturnType<typeof call>>) => {
  expect(response.statusCode, response.body).toBe(200);
  return response.json<IsolationPlan>();
};
const point = (p: IsolationPlan, code: string) => p.points.find((x) => x.code === code)!;

const newPermit = (title: string) => newPressPermit(app, title, 4);

/** Request and approve, fill, notify, shut down, isolate, lock and tag each point, release, verify. */
async function isolateFully(permitId: number, verify = true) {
  expect((await permitCommand('worker', permitId, 'request')).statusCode).toBe(200);
  expect((await permitCommand('supervisor', permitId, 'approve', { password: DEMO_PASSWORD })).statusCode).toBe(200);
  await ok(await give('worker', permitId, 'fill'));
  await ok(await give('supervisor', permitId, 'notify'));
  await ok(await give('supervisor', permitId, 'shut-down'));
  let p = await plan('supervisor', permitId);
  for (const x of p.points) await ok(await give('supervisor', permitId, 'isolate-point', { planPointId: x.ID }));
  const applied: { code: string; applicationId: number | null; tagId: number }[] = [];
  for (const x of p.points) {
    const applicationId = x.lockable
      ? await putLock(
          db(),
          { permitId, planPointId: x.ID },
          await newLock(db(), `L-${permitId}-${x.code}`, permitId),
          ids.supervisor!,
        )
      : null;
    const tagId = await applyPointTag(t.app, tokens.supervisor!, permitId, x.ID);
    applied.push({ code: x.code, applicationId, tagId });
  }
  await ok(await give('supervisor', permitId, 'release-stored-energy'));
  p = await plan('supervisor', permitId);
  for (const x of verify ? p.points : [])
    await ok(
      await give('supervisor', permitId, 'verify-point', {
        planPointId: x.ID,
        method: x.verificationMethod,
        outcome: 'pass',
        result: 'Zero energy',
      }),
    );
  return applied;
}

beforeAll(async () => {
  app = await startIsolationPlanApp(['admin', 'supervisor', 'worker']);
  ({ t, tokens, ids, press } = app);
});
afterAll(() => t.close());

describe('isolation plan', () => {
  it('fills from the assets in component and code order, once; edits only before shut-down', async () => {
    const id = await newPermit('Plan edits');
    let p = await plan('worker', id);
    expect(p.points).toEqual([]);
    expect(p.nextStep).toBe('Add the isolation points to the plan');
    p = await ok(await give('worker', id, 'fill'));
    expect(p.points.map((x) => x.code)).toEqual(['E-1', 'H-1', 'H-2']);
    expect(point(p, 'H-2').lockable).toBe(false);
    // Each point's tag is planned with it (numbered by the tags module, waiting for printing).
    expect(p.points.map((x) => x.tags.map((tag) => tag.state))).toEqual([['planned'], ['planned'], ['planned']]);
    expect(point(p, 'E-1').verificationMethod).toBe('Try start at the panel; test for absence of voltage');
    // A second fill adds nothing: same version, no audit row.
    const again = await give('worker', id, 'fill');
    expect(again.json<IsolationPlan>().version).toBe(p.version);
    expect(
      await db()
        .selectFrom('audit_log')
        .select('id')
        .where('action', '=', 'isolation-plan.fill')
        .where('entity_id', '=', String(id))
        .execute(),
    ).toHaveLength(1);

    const reversed = [...p.points].reverse().map((x) => x.ID);
    p = await ok(await give('worker', id, 'reorder', { planPointIds: reversed }));
    expect(p.points.map((x) => x.code)).toEqual(['H-2', 'H-1', 'E-1']);
    expect((await give('worker', id, 'reorder', { planPointIds: reversed.slice(1) })).statusCode).toBe(400);
    // Stale If-Match: someone changed the plan first.
    const stale = await call(
      'worker',
      'POST',
      `/api/permits/${id}/isolation-plan/commands/remove-point`,
      { planPointId: point(p, 'H-1').ID },
      { 'if-match': `"${p.version - 1}"` },
    );
    expect(stale.statusCode).toBe(409);
    const h1Tag = point(p, 'H-1').tags[0]!.ID;
    p = await ok(await give('worker', id, 'remove-point', { planPointId: point(p, 'H-1').ID }));
    // Its planned tag is voided with it (a planned tag would keep the permit from closing).
    expect(
      (await db().selectFrom('tags').select('state').where('id', '=', h1Tag).executeTakeFirstOrThrow()).state,
    ).toBe('voided');
    expect(p.points.map((x) => x.code)).toEqual(['H-2', 'E-1']);
    const h1 = (
      await db()
        .selectFrom('isolation_points')
        .select('id')
        .where('code', '=', 'H-1')
        .where('asset_id', '=', press)
        .executeTakeFirstOrThrow()
    ).id;
    p = await ok(await give('worker', id, 'add-point', { isolationPointId: h1 }));
    expect(p.points.map((x) => x.code)).toEqual(['H-2', 'E-1', 'H-1']);
    const dup = await give('worker', id, 'add-point', { isolationPointId: h1 });
    expect(dup.statusCode).toBe(409);
    expect(dup.json<{ message: string }>().message).toBe('H-1 is already on the plan.');

    // Isolation steps wait for approval, and need permit:issue.
    const early = await give('supervisor', id, 'notify');
    expect(early.statusCode).toBe(409);
    expect(early.json<{ message: string }>().message).toBe('This step is done while the permit is Approved.');
    expect((await permitCommand('worker', id, 'request')).statusCode).toBe(200);
    expect((await permitCommand('supervisor', id, 'approve', { password: DEMO_PASSWORD })).statusCode).toBe(200);
    expect((await give('worker', id, 'notify')).statusCode).toBe(403);
    // A plan edit is not a core permit edit: the permit stays approved.
    await ok(await give('worker', id, 'reorder', { planPointIds: p.points.map((x) => x.ID).reverse() }));
    const permit = (await call('worker', 'GET', `/api/permits/${id}`)).json<Permit>();
    expect(permit.status).toBe('approved');
    await ok(await give('supervisor', id, 'notify'));
    await ok(await give('supervisor', id, 'shut-down'));
    const frozen = await give('worker', id, 'remove-point', { planPointId: p.points[0]!.ID });
    expect(frozen.json<{ message: string }>().message).toBe(
      'The equipment is shut down: the plan can no longer change.',
    );
  });

  // Before the next test: its permit holds PR-001's points too, which would join "held by" here.
  it('shares points: held by, restore refused while another permit holds it, release lets go, the last restores; the closing guard lists what is in place', async () => {
    const first = await newPermit('Shared A');
    const second = await newPermit('Shared B');
    const firstApplied = await isolateFully(first);
    const secondApplied = await isolateFully(second);
    const [a, b] = [await plan('supervisor', first), await plan('supervisor', second)];
    const firstNumber = a.permitNumber;
    expect(point(a, 'E-1').heldBy.map((h) => h.number)).toEqual([b.permitNumber]);
    expect(point(b, 'E-1').heldBy.map((h) => h.number)).toEqual([firstNumber]);
    expect(point(b, 'E-1').locks).toHaveLength(1);

    // The first permit: isolate, issue, accept, a live test with a point released, and back.
    expect((await permitCommand('supervisor', first, 'isolate')).statusCode).toBe(200);
    expect((await permitCommand('supervisor', first, 'issue')).statusCode).toBe(200);
    expect((await permitCommand('worker', first, 'accept')).statusCode).toBe(200);
    expect((await give('supervisor', first, 'test-release', { planPointId: point(a, 'H-1').ID })).statusCode).toBe(409);
    expect((await permitCommand('supervisor', first, 'start-test')).statusCode).toBe(200);
    await ok(await give('supervisor', first, 'test-release', { planPointId: point(a, 'H-1').ID }));
    const endEarly = await permitCommand('supervisor', first, 'end-test');
    expect(endEarly.json<{ message: string }>().message).toBe(
      'Re-verify every point released for the test first: H-1 is Test released.',
    );
    await ok(
      await give('supervisor', first, 're-verify', {
        planPointId: point(a, 'H-1').ID,
        method: 'Gauge',
        outcome: 'pass',
        result: '0 psi',
      }),
    );
    expect((await permitCommand('supervisor', first, 'end-test')).statusCode).toBe(200);
    expect((await permitCommand('worker', first, 'complete-work')).statusCode).toBe(200);
    expect((await permitCommand('supervisor', first, 'de-isolate')).statusCode).toBe(200);

    // Everything that blocks the close is named at once, in guard order: the (e) steps, every point
    // with its state, then every lock and tag still on.
    const closeEarly = await permitCommand('supervisor', first, 'close');
    expect(closeEarly.json<{ message: string }>().message).toMatch(
      new RegExp(
        '^Inspect the work area first\\. Make sure everyone is clear first\\. ' +
          'Restore or release every isolation point first: E-1, H-1 and H-2 are Verified\\. ' +
          'Notify the affected employees that the isolation is removed first\\. ' +
          `The permit cannot close while these are in place: Lock L-${first}-E-1 on E-1 \\(applied by [^)]+\\); .*Tag \\S+ on H-2 \\(Applied\\)\\.$`,
      ),
    );
    expect(
      (await give('supervisor', first, 'restore-point', { planPointId: point(a, 'H-1').ID })).json<{
        message: string;
      }>().message,
    ).toBe('Inspect the work area first.');
    await ok(await give('supervisor', first, 'inspect-area'));
    await ok(await give('supervisor', first, 'clear-people'));
    const held = await give('supervisor', first, 'restore-point', { planPointId: point(a, 'E-1').ID });
    expect(held.json<{ message: string }>().message).toBe(`Held by permits ${b.permitNumber} — cannot restore.`);
    const locked = await give('supervisor', first, 'release-point', { planPointId: point(a, 'E-1').ID });
    // Every lock and tag on the point, not the first.
    const e1 = point(a, 'E-1');
    expect(locked.json<{ message: string }>().message).toBe(
      `Remove lock L-${first}-E-1 (applied by ${e1.locks[0]!.appliedBy.displayName}); tag ${e1.tags[0]!.number} on E-1 first.`,
    );
    for (const x of firstApplied) {
      if (x.applicationId !== null) await takeLock(db(), first, x.applicationId, ids.supervisor!);
      expect((await removeTag(t.app, tokens.supervisor!, first, x.tagId)).statusCode).toBe(200);
    }
    // Every point is shared with the second permit: the first releases them all.
    for (const x of a.points) {
      expect((await give('supervisor', first, 'restore-point', { planPointId: x.ID })).statusCode).toBe(409);
      await ok(await give('supervisor', first, 'release-point', { planPointId: x.ID }));
    }
    const bNow = await plan('supervisor', second);
    expect(point(bNow, 'E-1').heldBy).toEqual([]);
    expect(bNow.points.every((x) => x.state === 'verified')).toBe(true);
    expect((await permitCommand('supervisor', first, 'close')).json<{ message: string }>().message).toBe(
      'Notify the affected employees that the isolation is removed first.',
    );
    await ok(await give('supervisor', first, 'notify-release'));

    // The closing guard: a tag not yet finished and a crew member signed on keep the permit open.
    const late = await putTag(db(), first, point(a, 'H-2').ID, ids.supervisor!, 'planned');
    const lockbox = await db()
      .insertInto('lockboxes')
      .values({ facility_id: 1, permit_id: first, number: `LB-${first}`, primary_user_id: ids.supervisor! })
      .returning('id')
      .executeTakeFirstOrThrow();
    const signOn = await putLock(
      db(),
      { permitId: first, lockboxId: lockbox.id },
      await newLock(db(), `L-CREW-${first}`, first),
      ids.worker!,
    );
    const refused = await permitCommand('supervisor', first, 'close');
    expect(refused.statusCode).toBe(409);
    const workerName = (
      await db().selectFrom('users').select('display_name').where('id', '=', ids.worker!).executeTakeFirstOrThrow()
    ).display_name;
    expect(refused.json<{ message: string }>().message).toBe(
      `The permit cannot close while these are in place: Signed on: ${workerName} (lock L-CREW-${first}); Tag ${late.number} on H-2 (Planned). ` +
        `Lockbox LB-${first} is not released: its primary authorized employee releases it before the permit closes.`,
    );
    expect((await call('supervisor', 'GET', `/api/permits/${first}`)).json<Permit>().allowedCommands).not.toContain(
      'close',
    );
    await takeLock(db(), first, signOn, ids.worker!);
    // The crew's own close guard (lockboxes) also wants the emptied lockbox released by its primary.
    await db()
      .updateTable('lockboxes')
      .set({ released_at: new Date(), released_by: ids.supervisor! })
      .where('id', '=', lockbox.id)
      .execute();
    await setTagState(db(), late.id, 'voided', ids.supervisor!);
    expect((await permitCommand('supervisor', first, 'close')).statusCode).toBe(200);

    // The second permit is now the last holder: it restores, once its locks and tags are off.
    for (const verb of ['isolate', 'issue'])
      expect((await permitCommand('supervisor', second, verb)).statusCode).toBe(200);
    for (const verb of ['accept', 'complete-work'])
      expect((await permitCommand('worker', second, verb)).statusCode).toBe(200);
    expect((await permitCommand('supervisor', second, 'de-isolate')).statusCode).toBe(200);
    await ok(await give('supervisor', second, 'inspect-area'));
    await ok(await give('supervisor', second, 'clear-people'));
    const tagged = await give('supervisor', second, 'restore-point', { planPointId: point(b, 'H-2').ID });
    expect(tagged.json<{ message: string }>().message).toMatch(/^Remove tag \S+ on H-2 first\.$/);
    for (const x of secondApplied) {
      if (x.applicationId !== null) await takeLock(db(), second, x.applicationId, ids.supervisor!);
      expect((await removeTag(t.app, tokens.supervisor!, second, x.tagId)).statusCode).toBe(200);
    }
    expect(
      (await give('supervisor', second, 'release-point', { planPointId: point(b, 'E-1').ID })).json<{
        message: string;
      }>().message,
    ).toBe('No other permit holds E-1: restore it.');
    for (const x of b.points) await ok(await give('supervisor', second, 'restore-point', { planPointId: x.ID }));
    await ok(await give('supervisor', second, 'notify-release'));
    expect((await permitCommand('supervisor', second, 'close')).statusCode).toBe(200);
  });

  it('keeps the (d) order, names the missing step, and verifies only with lock and tag in place', async () => {
    const id = await newPermit('Order');
    expect((await permitCommand('worker', id, 'request')).statusCode).toBe(200);
    expect((await permitCommand('supervisor', id, 'approve', { password: DEMO_PASSWORD })).statusCode).toBe(200);
    // No plan yet: the permit cannot be isolated, and the button is not offered.
    const empty = await permitCommand('supervisor', id, 'isolate');
    expect(empty.statusCode).toBe(409);
    expect(empty.json<{ message: string }>().message).toBe('Add the isolation points to the plan first.');
    let p = await ok(await give('supervisor', id, 'fill'));
    const e1 = point(p, 'E-1');
    const h2 = point(p, 'H-2');
    expect(
      (await give('supervisor', id, 'isolate-point', { planPointId: e1.ID })).json<{ message: string }>().message,
    ).toBe('Notify the affected employees first.');
    expect((await give('supervisor', id, 'shut-down')).json<{ message: string }>().message).toBe(
      'Notify the affected employees first.',
    );
    await ok(await give('supervisor', id, 'notify'));
    expect(
      (await give('supervisor', id, 'isolate-point', { planPointId: e1.ID })).json<{ message: string }>().message,
    ).toBe('Shut down first.');
    p = await ok(await give('supervisor', id, 'shut-down'));
    expect(p.nextStep).toBe('Isolate E-1');
    expect(p.shutDown?.by.ID).toBe(ids.supervisor);
    for (const x of p.points) await ok(await give('supervisor', id, 'isolate-point', { planPointId: x.ID }));
    expect(
      (
        await give('supervisor', id, 'verify-point', {
          planPointId: e1.ID,
          method: 'Try start',
          outcome: 'pass',
          result: 'Did not start',
        })
      ).json<{ message: string }>().message,
    ).toBe('Apply the lock and tag on E-1 first.');
    // Every point without its lock and tag is named, lockable and tag-only apart.
    expect((await give('supervisor', id, 'release-stored-energy')).json<{ message: string }>().message).toBe(
      'Apply the lock and tag on E-1 and H-1 first. Apply the tag on H-2 first.',
    );
    for (const x of p.points) {
      if (x.lockable)
        await putLock(
          db(),
          { permitId: id, planPointId: x.ID },
          await newLock(db(), `L-ORD-${x.code}`, id),
          ids.supervisor!,
        );
    }
    // Lockable points have their locks; every point still needs its tag (H-2 is tag-only).
    expect((await give('supervisor', id, 'release-stored-energy')).json<{ message: string }>().message).toBe(
      'Apply the lock and tag on E-1 and H-1 first. Apply the tag on H-2 first.',
    );
    for (const x of p.points) await applyPointTag(t.app, tokens.supervisor!, id, x.ID);
    expect(
      (
        await give('supervisor', id, 'verify-point', {
          planPointId: e1.ID,
          method: 'Try start',
          outcome: 'pass',
          result: 'Did not start',
        })
      ).json<{ message: string }>().message,
    ).toBe('Release stored energy first.');
    await ok(await give('supervisor', id, 'release-stored-energy'));
    // Method and result are required.
    expect(
      (await give('supervisor', id, 'verify-point', { planPointId: e1.ID, method: ' ', result: 'x' })).statusCode,
    ).toBe(400);
    p = await ok(
      await give('supervisor', id, 'verify-point', {
        planPointId: e1.ID,
        method: 'Try start',
        outcome: 'pass',
        result: 'Did not start',
      }),
    );
    expect(point(p, 'E-1')).toMatchObject({
      state: 'verified',
      verifyMethod: 'Try start',
      verifyResult: 'Did not start',
    });
    const partly = await permitCommand('supervisor', id, 'isolate');
    // Every point not verified is named, not the first.
    expect(partly.json<{ message: string }>().message).toBe(
      'Verify every isolation point first: H-1 and H-2 are Isolated.',
    );
    expect((await call('supervisor', 'GET', `/api/permits/${id}`)).json<Permit>().allowedCommands).not.toContain(
      'isolate',
    );
    for (const x of p.points.filter((y) => y.state === 'isolated'))
      await ok(
        await give('supervisor', id, 'verify-point', {
          planPointId: x.ID,
          method: x.verificationMethod,
          outcome: 'pass',
          result: 'Zero',
        }),
      );
    expect((await call('supervisor', 'GET', `/api/permits/${id}`)).json<Permit>().allowedCommands).toContain('isolate');
    expect((await permitCommand('supervisor', id, 'isolate')).statusCode).toBe(200);
    expect(h2.lockable).toBe(false);
    const audit = await db()
      .selectFrom('audit_log')
      .select('action')
      .where('entity_type', '=', 'isolation-plan')
      .where('entity_id', '=', String(id))
      .orderBy('id')
      .execute();
    expect(audit.map((a) => a.action)).toContain('isolation-plan.verify-point');
  });

  it('applying a lock at a point hangs its tag in the same command: applier, time and serial on both, one audit chain', async () => {
    const id = await newPermit('Lock and tag in one step');
    expect((await permitCommand('worker', id, 'request')).statusCode).toBe(200);
    expect((await permitCommand('supervisor', id, 'approve', { password: DEMO_PASSWORD })).statusCode).toBe(200);
    await ok(await give('worker', id, 'fill'));
    await ok(await give('supervisor', id, 'notify'));
    await ok(await give('supervisor', id, 'shut-down'));
    const x = (await plan('supervisor', id)).points.find((y) => y.lockable)!;
    await ok(await give('supervisor', id, 'isolate-point', { planPointId: x.ID }));
    const serial = `LT-${id}`;
    const lockId = await newLock(db(), serial, id);
    const applied = await call('supervisor', 'POST', `/api/permits/${id}/locks/commands/apply`, {
      lockId,
      planPointId: x.ID,
    });
    expect(applied.statusCode, applied.body).toBe(200);
    const application = applied.json<LockApplication>();
    const after = point(await plan('supervisor', id), x.code);
    expect(after.locks).toMatchObject([{ serial, appliedBy: { ID: ids.supervisor } }]);
    expect(after.tags).toMatchObject([{ state: 'applied', appliedBy: { ID: ids.supervisor }, lockSerial: serial }]);
    expect(pointProtected(after)).toBe(true);
    const tag = await db()
      .selectFrom('tags')
      .select(['applied_at', 'applied_by', 'lock_serial'])
      .where('id', '=', after.tags[0]!.ID)
      .executeTakeFirstOrThrow();
    expect({ ...tag, applied_at: tag.applied_at!.toISOString() }).toEqual({
      applied_at: application.appliedAt,
      applied_by: ids.supervisor,
      lock_serial: serial,
    });
    // One command: the lock's row, then the tag's, chained one after the other under one request.
    const rows = await db()
      .selectFrom('audit_log')
      .select(['id', 'action', 'request_id', 'prev_hash', 'row_hash'])
      .where('request_id', '=', (q) =>
        q
          .selectFrom('audit_log')
          .select('request_id')
          .where('action', '=', 'lock.apply')
          .where('entity_id', '=', String(lockId)),
      )
      .orderBy('id')
      .execute();
    expect(rows.map((r) => r.action)).toEqual(['lock.apply', 'tag.apply']);
    expect(rows[1]!.prev_hash).toBe(rows[0]!.row_hash);
    // The Tags tab still hangs a tag not tied to a lock; a second lock finds no tag left to hang.
    const tagOnly = (await plan('supervisor', id)).points.find((y) => !y.lockable)!;
    await ok(await give('supervisor', id, 'isolate-point', { planPointId: tagOnly.ID }));
    await applyPointTag(t.app, tokens.supervisor!, id, tagOnly.ID);
    expect(point(await plan('supervisor', id), tagOnly.code).tags).toMatchObject([
      { state: 'applied', lockSerial: null },
    ]);
  });

  it('records a failed try-out and leaves the point unverified; refuses a try-out without method or outcome', async () => {
    const id = await newPermit('Try-out pass and fail');
    await isolateFully(id, false);
    const x = (await plan('supervisor', id)).points[0]!;
    const tryOut = (body: object) => give('supervisor', id, 'verify-point', { planPointId: x.ID, ...body });
    // A method and an outcome, always (or, from an earlier app, a typed result: see the next test).
    expect((await tryOut({ method: ' ', outcome: 'pass' })).statusCode).toBe(400);
    expect((await tryOut({ outcome: 'pass' })).statusCode).toBe(400);
    expect((await tryOut({ method: 'Try start' })).statusCode).toBe(400);
    expect((await tryOut({ method: 'Try start', result: ' ' })).statusCode).toBe(400);
    expect((await tryOut({ method: 'Try start', outcome: 'maybe' })).statusCode).toBe(400);
    const failed = await ok(await tryOut({ method: x.verificationMethod || 'Try start', outcome: 'fail' }));
    expect(point(failed, x.code)).toMatchObject({
      state: 'isolated',
      verified: null,
      tryOutFailed: { by: { ID: ids.supervisor } },
    });
    expect(failed.nextStep).toBe(
      `Try-out failed on ${x.code}: the energy is not isolated. Check the isolation and try again`,
    );
    // The read agrees with the command's answer.
    expect(point(await plan('supervisor', id), x.code).tryOutFailed).toMatchObject({ by: { ID: ids.supervisor } });
    const audit = await db()
      .selectFrom('audit_log')
      .select(['action', 'after'])
      .where('entity_type', '=', 'isolation-plan')
      .where('entity_id', '=', String(id))
      .where('action', '=', 'isolation-plan.verify-point')
      .execute();
    expect(audit.map((a) => a.after)).toEqual([
      expect.objectContaining({
        code: x.code,
        state: 'isolated',
        outcome: 'fail',
        result: 'Fail: energy not isolated',
      }),
    ]);
    const passed = await ok(await tryOut({ method: 'Try start', outcome: 'pass' }));
    expect(point(passed, x.code)).toMatchObject({
      state: 'verified',
      verifyMethod: 'Try start',
      verifyResult: 'Pass: zero energy',
      tryOutFailed: null,
    });
  });

  it('applies a try-out queued offline by an earlier app (a typed result, no outcome) as the pass it was recorded as', async () => {
    const id = await newPermit('Try-out from an earlier app');
    await isolateFully(id, false);
    const x = (await plan('supervisor', id)).points[0]!;
    const verified = await ok(
      await give('supervisor', id, 'verify-point', { planPointId: x.ID, method: 'Try start', result: 'Did not start' }),
    );
    expect(point(verified, x.code)).toMatchObject({
      state: 'verified',
      verifyMethod: 'Try start',
      verifyResult: 'Did not start',
      tryOutFailed: null,
    });
  });

  it('refuses types without a plan, other facilities and readers without permission', async () => {
    const gen = await permitTypeIdOf(db(), 'GEN');
    const start = Date.now() + 3_600_000;
    const created = await call('worker', 'POST', '/api/permits', {
      permitTypeId: gen,
      title: 'No plan',
      description: '',
      workMethod: '',
      areaId: null,
      assetIds: [],
      plannedStart: new Date(start).toISOString(),
      plannedEnd: new Date(start + 3_600_000).toISOString(),
      holderId: null,
      riskLevel: null,
    });
    const id = created.json<Permit>().ID;
    expect((await call('worker', 'GET', `/api/permits/${id}/isolation-plan`)).statusCode).toBe(404);
    expect((await give('admin', id, 'fill')).statusCode).toBe(409);
    expect((await call('worker', 'GET', `/api/permits/999999/isolation-plan`)).statusCode).toBe(404);
  });

  it("tells the asset screen which permits hold each of the asset's points (Component Manage's held by)", async () => {
    const id = await newPermit('Held on the asset');
    const holds = async () =>
      (await call('worker', 'GET', `/api/assets/${press}/isolation-holds`)).json<
        { isolationPointId: number; permits: { ID: number; number: string }[] }[]
      >();
    const planned = await holds();
    expect(planned.some((h) => h.permits.some((p) => p.ID === id))).toBe(false);
    await isolateFully(id);
    const { number } = await db().selectFrom('permits').select('number').where('id', '=', id).executeTakeFirstOrThrow();
    const held = await holds();
    const onPlan = (await plan('worker', id)).points.map((x) => x.isolationPointId).sort();
    expect(
      held
        .filter((h) => h.permits.some((p) => p.ID === id))
        .map((h) => h.isolationPointId)
        .sort(),
    ).toEqual(onPlan);
    for (const h of held.filter((x) => onPlan.includes(x.isolationPointId)))
      expect(h.permits).toContainEqual({ ID: id, number });
    // Only the press's points: another asset's answer never names this permit.
    const other = await db()
      .selectFrom('assets')
      .select('id')
      .where('facility_id', '=', 1)
      .where('id', '<>', press)
      .orderBy('id')
      .executeTakeFirstOrThrow();
    const elsewhere = await call('worker', 'GET', `/api/assets/${other.id}/isolation-holds`);
    expect(elsewhere.statusCode).toBe(200);
    expect(JSON.stringify(elsewhere.json())).not.toContain(`"ID":${id},`);
    expect((await call('worker', 'GET', '/api/assets/999999/isolation-holds')).statusCode).toBe(404);
  });
});

describe('an isolate refusal names everything that blocks, not the first', () => {
  /** A two-point plan (E-1, H-1) isolated, locked and tagged, nothing verified; stored energy released when asked. */
  async function twoPointsIsolated(title: string, releaseStoredEnergy: boolean) {
    const id = await newPermit(title);
    expect((await permitCommand('worker', id, 'request')).statusCode).toBe(200);
    expect((await permitCommand('supervisor', id, 'approve', { password: DEMO_PASSWORD })).statusCode).toBe(200);
    let p = await ok(await give('worker', id, 'fill'));
    p = await ok(await give('worker', id, 'remove-point', { planPointId: point(p, 'H-2').ID }));
    expect(p.points.map((x) => x.code)).toEqual(['E-1', 'H-1']);
    await ok(await give('supervisor', id, 'notify'));
    await ok(await give('supervisor', id, 'shut-down'));
    for (const x of p.points) {
      await ok(await give('supervisor', id, 'isolate-point', { planPointId: x.ID }));
      await putLock(
        db(),
        { permitId: id, planPointId: x.ID },
        await newLock(db(), `L-ALL-${id}-${x.code}`, id),
        ids.supervisor!,
      );
      await applyPointTag(t.app, tokens.supervisor!, id, x.ID);
    }
    if (releaseStoredEnergy) await ok(await give('supervisor', id, 'release-stored-energy'));
    return id;
  }

  const refusal = async (permitId: number) => {
    const response = await permitCommand('supervisor', permitId, 'isolate');
    expect(response.statusCode, response.body).toBe(409);
    const body = response.json<{ code: string; message: string; details: { field: string; message: string }[] }>();
    expect(body.details).toEqual([
      { field: 'code', message: 'PRECONDITION_FAILED' },
      { field: 'tab', message: 'isolation' },
    ]);
    return body.message;
  };

  it('a two-point plan with both points unverified is refused naming both points', async () => {
    const id = await twoPointsIsolated('Both unverified', true);
    expect(await refusal(id)).toBe('Verify every isolation point first: E-1 and H-1 are Isolated.');
    expect((await call('supervisor', 'GET', `/api/permits/${id}`)).json<Permit>().allowedCommands).not.toContain(
      'isolate',
    );
  });

  it('a permit missing two preconditions (stored energy and verification) is refused naming both', async () => {
    const id = await twoPointsIsolated('Two preconditions', false);
    expect(await refusal(id)).toBe(
      'Release stored energy first. Verify every isolation point first: E-1 and H-1 are Isolated.',
    );
  });
});
