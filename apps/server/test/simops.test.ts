import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  isSignedPermitCommand,
  type Permit,
  type PermitCommand,
  type PermitHistoryEntry,
  type PermitSimops,
  type SimopsRules,
} from '@hasp/contracts';
import { permitCore } from './support/permit-draft';
import { withoutIsolationPlan } from './support/loto-fixtures';
import { withoutQuestions } from './support/permit-answers';
import { permitTypeIdOf } from './support/permit-type-fixtures';
import { signedBody } from './support/signing';
import { DEMO_SIMOPS_RULES_STEP, seedDemo } from '../src/db/seed/demo';
import { TEMPLATE_LEAVES_OUT } from './support/template-seed';
import { createTestApp, DEMO_PASSWORD, login, type TestApp } from './test-app';

/**
 * Simultaneous operations: Approve and Issue find the other live permits in the same area, an area
 * within it or one it is within, whose validity overlaps; the facility's rule for the two types
 * warns or blocks; an override carries a reason signed with the password and is recorded on both
 * permits. Each test uses its own areas, so the permits of one never meet another's.
 */
let t: TestApp;
const tokens: Record<string, string> = {};
const ids: Record<string, number> = {};
const db = () => t.connections[0]!.db;
let loto: number;
let areaCount = 0;

const call = (as: string, method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) =>
  t.app.inject({ method, url, headers: { authorization: `Bearer ${tokens[as]}` }, ...(payload ? { payload } : {}) });
// The signed verbs (approve, issue …) carry the signer's password unless the test says otherwise.
const command = (as: string, id: number, verb: PermitCommand, body?: object) =>
  call(
    as,
    'POST',
    `/api/permits/${id}/commands/${verb}`,
    body ?? (isSignedPermitCommand(verb) ? signedBody(verb) : undefined),
  );
const setRule = (mode: 'warn' | 'block' | 'none', as = 'admin') =>
  call(as, 'PUT', '/api/simops-rules', { firstTypeId: loto, secondTypeId: loto, mode });

/** A new area of North Plant, within `parentId` when given. */
async function newArea(parentId: number | null = null): Promise<number> {
  areaCount += 1;
  const { id } = await db()
    .insertInto('areas')
    .values({ facility_id: 1, parent_area_id: parentId, number: `SX-${areaCount}`, name: `SIMOPS area ${areaCount}` })
    .returning('id')
    .executeTakeFirstOrThrow();
  return id;
}

const window = (startHour: number, hours = 4) => {
  const start = Date.parse('2027-03-01T08:00:00Z') + startHour * 3_600_000;
  return { plannedStart: new Date(start).toISOString(), plannedEnd: new Date(start + hours * 3_600_000).toISOString() };
};

/** A LOTO permit requested by the worker in the area, held by the contractor. */
async function requested(areaId: number, startHour = 0, hours = 4): Promise<Permit> {
  const created = await call('worker', 'POST', '/api/permits', {
    permitTypeId: loto,
    ...permitCore({ areaId, holderId: ids.contractor!, riskLevel: 'medium', ...window(startHour, hours) }),
  });
  expect(created.statusCode, created.body).toBe(200);
  const response = await command('worker', created.json<Permit>().ID, 'request');
  expect(response.statusCode, response.body).toBe(200);
  return response.json<Permit>();
}

/** Requested, then approved (no conflict may block it: its area is the test's own). */
async function approved(areaId: number, startHour = 0, hours = 4): Promise<Permit> {
  const permit = await requested(areaId, startHour, hours);
  const response = await command('supervisor', permit.ID, 'approve');
  expect(response.statusCode, response.body).toBe(200);
  return response.json<Permit>();
}

const simopsOf = async (id: number) => (await call('worker', 'GET', `/api/permits/${id}/simops`)).json<PermitSimops>();

beforeAll(async () => {
  // The demo's rules, which the template leaves out (its other left-out steps stay out).
  t = await createTestApp({
    beforeApp: (fresh) =>
      seedDemo(fresh, { without: TEMPLATE_LEAVES_OUT.filter((step) => step !== DEMO_SIMOPS_RULES_STEP) }),
  });
  // The bare lifecycle: the plan's and the questions' guards are tested in their own files.
  await withoutIsolationPlan(db());
  await withoutQuestions(db());
  for (const username of ['admin', 'supervisor', 'worker', 'contractor']) {
    tokens[username] = (await login(t.app, { username })).json<{ token: string }>().token;
    ids[username] = (
      await db().selectFrom('users').select('id').where('user_name', '=', username).executeTakeFirstOrThrow()
    ).id;
  }
  loto = await permitTypeIdOf(db(), 'LOTO');
});
afterAll(async () => t?.close());

describe('SIMOPS rules', () => {
  it('are set and removed by the administrator through audited commands, and refused to others', async () => {
    const refused = await setRule('block', 'worker');
    expect(refused.statusCode).toBe(403);
    expect((await call('worker', 'GET', '/api/simops-rules')).statusCode).toBe(403);

    const set = await setRule('block');
    expect(set.statusCode, set.body).toBe(200);
    const rules = set.json<SimopsRules>().rules;
    expect(rules.find((r) => r.first.ID === loto && r.second.ID === loto)?.mode).toBe('block');
    // The pair has no order: the other order names the same rule.
    const removed = await call('admin', 'PUT', '/api/simops-rules', {
      firstTypeId: loto,
      secondTypeId: loto,
      mode: 'none',
    });
    expect(removed.json<SimopsRules>().rules.some((r) => r.first.ID === loto && r.second.ID === loto)).toBe(false);
    const audit = await db()
      .selectFrom('audit_log')
      .select(['action', 'before', 'after', 'user_id'])
      .where('action', '=', 'simops-rules.set')
      .orderBy('id')
      .execute();
    expect(audit.map((a) => [a.before, a.after])).toEqual([
      [
        { first: 'LOTO', second: 'LOTO', mode: 'none' },
        { first: 'LOTO', second: 'LOTO', mode: 'block' },
      ],
      [
        { first: 'LOTO', second: 'LOTO', mode: 'block' },
        { first: 'LOTO', second: 'LOTO', mode: 'none' },
      ],
    ]);
    expect(audit.every((a) => a.user_id === ids.admin)).toBe(true);
  });

  it('are seeded for the demo: hot work beside confined space blocks, hot work beside hot work warns', async () => {
    const seeded = (await call('admin', 'GET', '/api/simops-rules')).json<SimopsRules>().rules;
    expect(seeded.map((r) => [[r.first.code, r.second.code].sort().join('+'), r.mode]).sort()).toEqual([
      ['CSE+HOT', 'block'],
      ['HOT+HOT', 'warn'],
    ]);
  });

  it('refuse a permit type of another facility', async () => {
    const other = await db()
      .selectFrom('permit_types')
      .select('id')
      .where('facility_id', '<>', 1)
      .executeTakeFirstOrThrow();
    const response = await call('admin', 'PUT', '/api/simops-rules', {
      firstTypeId: loto,
      secondTypeId: other.id,
      mode: 'warn',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json<{ message: string }>().message).toBe('Permit type: no such permit type in this facility');
  });
});

describe('SIMOPS conflicts', () => {
  it('warn: an overlapping live permit in the same area is shown and Approve is allowed', async () => {
    await setRule('warn');
    const area = await newArea();
    const first = await approved(area);
    const second = await requested(area, 2);
    const { conflicts } = await simopsOf(second.ID);
    expect(conflicts.map((c) => [c.permit.number, c.rule])).toEqual([[first.number, 'warn']]);
    expect((await command('supervisor', second.ID, 'approve')).statusCode).toBe(200);
  });

  it('with no rule for the pair the conflict is information only', async () => {
    await setRule('none');
    const area = await newArea();
    const first = await approved(area);
    const second = await requested(area, 1);
    expect((await simopsOf(second.ID)).conflicts.map((c) => [c.permit.ID, c.rule])).toEqual([[first.ID, 'none']]);
    expect((await command('supervisor', second.ID, 'approve')).statusCode).toBe(200);
  });

  it('A SIMOPS conflict blocks per the rule and an override is recorded on both permits', async () => {
    await setRule('block');
    const area = await newArea();
    const first = await approved(area);
    const second = await requested(area, 3);

    const refused = await command('supervisor', second.ID, 'approve');
    expect(refused.statusCode).toBe(409);
    const error = refused.json<{ code: string; message: string; details: { field: string; message: string }[] }>();
    // The facility's time zone (North Plant: America/Chicago) with its offset.
    expect(error.message).toBe(
      `This permit cannot be approved: the SIMOPS rules block it beside ${first.number} (LOTO Permit, ` +
        `2027-03-01 02:00 -06:00 to 2027-03-01 06:00 -06:00, in SX-${areaCount} SIMOPS area ${areaCount}). ` +
        'Change its area or validity, or override with a reason signed with your password.',
    );
    expect(error.details).toContainEqual({ field: 'simopsConflicts', message: first.number });
    expect(error.details).toContainEqual({ field: 'code', message: 'PRECONDITION_FAILED' });

    // A wrong password signs nothing: still requested, no override.
    const wrong = await command('supervisor', second.ID, 'approve', {
      password: DEMO_PASSWORD,
      simopsOverride: { reason: 'Fire watch posted', password: 'not-the-password' },
    });
    expect(wrong.statusCode).toBe(422);
    expect(wrong.json<{ details: { field: string }[] }>().details[0]!.field).toBe('simopsOverride.password');
    expect((await simopsOf(second.ID)).overrides).toEqual([]);

    const override = await command('supervisor', second.ID, 'approve', {
      password: DEMO_PASSWORD,
      simopsOverride: { reason: '  Fire watch posted between the two jobs  ', password: DEMO_PASSWORD },
    });
    expect(override.statusCode, override.body).toBe(200);
    expect(override.json<Permit>().status).toBe('approved');

    for (const id of [second.ID, first.ID]) {
      const { overrides } = await simopsOf(id);
      expect(overrides).toHaveLength(1);
      expect(overrides[0]).toMatchObject({
        command: 'approve',
        permit: { ID: second.ID, number: second.number },
        otherPermit: { ID: first.ID, number: first.number },
        reason: 'Fire watch posted between the two jobs',
        signer: { ID: ids.supervisor },
      });
      const history = (await call('worker', 'GET', `/api/permits/${id}/history`)).json<PermitHistoryEntry[]>();
      const entry = history.find((h) => h.action === 'simops.override');
      expect(entry?.actor?.ID).toBe(ids.supervisor);
      expect(entry?.summary).toBe(
        `SIMOPS conflict with ${id === first.ID ? second.number : first.number} overridden: Fire watch posted between the two jobs`,
      );
    }

    // Issue asks again: the issuer signs their own override.
    expect((await command('supervisor', second.ID, 'isolate')).statusCode).toBe(200);
    const issueRefused = await command('admin', second.ID, 'issue');
    expect(issueRefused.statusCode, issueRefused.body).toBe(409);
    const issued = await command('admin', second.ID, 'issue', {
      password: DEMO_PASSWORD,
      simopsOverride: { reason: 'Hot work finished before entry', password: DEMO_PASSWORD },
    });
    expect(issued.statusCode, issued.body).toBe(200);
    expect(issued.json<Permit>().status).toBe('issued');
    expect((await simopsOf(first.ID)).overrides.map((o) => [o.command, o.signer.ID])).toEqual([
      ['approve', ids.supervisor],
      ['issue', ids.admin],
    ]);

    // A signed override is kept as written: neither rewritten nor deleted.
    for (const change of [
      sql`update simops_overrides set reason = 'Nothing to see' where permit_id = ${second.ID}`,
      sql`delete from simops_overrides where permit_id = ${second.ID}`,
    ])
      await expect(change.execute(db())).rejects.toThrow(/never/);
    expect((await simopsOf(first.ID)).overrides).toHaveLength(2);
  });

  it("a permit in an area within the other permit's area, or the area it is within, conflicts", async () => {
    await setRule('block');
    const parent = await newArea();
    const child = await newArea(parent);
    const inChild = await approved(child);
    const inParent = await requested(parent, 1);
    expect((await simopsOf(inParent.ID)).conflicts.map((c) => c.permit.ID)).toEqual([inChild.ID]);
    expect((await command('supervisor', inParent.ID, 'approve')).statusCode).toBe(409);
    // From the sub-area the permit over the whole area is met too.
    const alsoInChild = await requested(child, 2);
    expect((await simopsOf(alsoInChild.ID)).conflicts.map((c) => c.permit.ID)).toEqual([inChild.ID]);
    const grandchild = await newArea(child);
    const deeper = await requested(grandchild, 2);
    expect((await simopsOf(deeper.ID)).conflicts.map((c) => c.permit.ID)).toEqual([inChild.ID]);
  });

  it('windows that do not overlap, sibling or unrelated areas, and permits not live do not conflict', async () => {
    await setRule('block');
    const parent = await newArea();
    const left = await newArea(parent);
    const right = await newArea(parent);
    await approved(left, 0, 4);
    // Starts as the other ends: no overlap.
    const later = await requested(left, 4);
    expect((await simopsOf(later.ID)).conflicts).toEqual([]);
    expect((await command('supervisor', later.ID, 'approve')).statusCode).toBe(200);
    // A sibling area and an unrelated one.
    const beside = await requested(right, 1);
    expect((await simopsOf(beside.ID)).conflicts).toEqual([]);
    const elsewhere = await requested(await newArea(), 1);
    expect((await simopsOf(elsewhere.ID)).conflicts).toEqual([]);
    // Requested (not yet authorized) and cancelled permits are not live.
    const area = await newArea();
    const waiting = await requested(area);
    const cancelled = await approved(area, 1);
    expect((await command('worker', cancelled.ID, 'cancel', { reason: 'Job postponed' })).statusCode).toBe(200);
    const next = await requested(area, 1);
    expect((await simopsOf(next.ID)).conflicts.map((c) => c.permit.ID)).toEqual([]);
    expect((await simopsOf(waiting.ID)).conflicts).toEqual([]);
    expect((await command('supervisor', next.ID, 'approve')).statusCode).toBe(200);
  });
});
