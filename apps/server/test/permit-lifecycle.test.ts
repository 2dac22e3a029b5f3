import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  decide,
  isSignedPermitCommand,
  permitCommands,
  permitStatuses,
  permitTransitions,
  type Permit,
  type PermitCommand,
  type PermitHistoryEntry,
  type PermitStatus,
} from '@hasp/contracts';
import { runPermitCommandAsSystem } from '../src/modules/permits';
import { EventBus } from '../src/platform';
import { permitCore } from './support/permit-draft';
import { withoutIsolationPlan } from './support/loto-fixtures';
import { withoutQuestions } from './support/permit-answers';
import { createTestApp, DEMO_PASSWORD, login, type TestApp } from './test-app';
import { signedBody } from './support/signing';

/**
 * The permit lifecycle as commands over the real server and PostgreSQL: every allowed transition
 * through its endpoint, refusals with the lifecycle's status and reason, the edit's revision and
 * cleared approvals, stale saves, idempotent replays, the system's expiry, the history tab, and
 * another facility's permit answering 404 on every route.
 */
let t: TestApp;
const tokens: Record<string, string> = {};
const ids: Record<string, number> = {};
const db = () => t.connections[0]!.db;
let loto: { id: number };
let asset: { id: number; area_id: number };
/** A "Rejection reasons" item of the demo facility (the table test's reject gives it). */
let rejectionReasonId = 0;

const call = (as: string, method: 'GET' | 'POST', url: string, payload?: object, headers: object = {}) =>
  t.app.inject({
    method,
    url,
    headers: { authorization: `Bearer ${tokens[as]}`, ...headers },
    ...(payload ? { payload } : {}),
  });
// The signed verbs (approve, issue, accept, hand-over, complete-work) carry the signer's password
// (every demo user's is DEMO_PASSWORD); a body's own password wins.
const command = (as: string, id: number, verb: PermitCommand, body?: object, headers: object = {}) =>
  call(
    as,
    'POST',
    `/api/permits/${id}/commands/${verb}`,
    isSignedPermitCommand(verb) ? signedBody(verb, body) : body,
    headers,
  );

// Begun ten minutes ago (on the minute): the holder may accept at once (accept waits for the start).
const start = new Date(Math.floor(Date.now() / 60_000) * 60_000 - 10 * 60_000);
const hours = (h: number) => new Date(start.getTime() + h * 3_600_000).toISOString();
const core = (overrides: object = {}) =>
  permitCore({
    areaId: asset.area_id,
    assetIds: [asset.id],
    plannedStart: start.toISOString(),
    holderId: ids.contractor!,
    riskLevel: 'medium',
    ...overrides,
  });

/** A new LOTO draft by the worker, held by the contractor. */
async function draft(overrides: object = {}): Promise<Permit> {
  const response = await call('worker', 'POST', '/api/permits', { permitTypeId: loto.id, ...core(overrides) });
  expect(response.statusCode).toBe(200);
  return response.json<Permit>();
}

/** Gives the commands in order, each expected to succeed; answers the permit after the last. */
async function walk(permit: Permit, steps: [string, PermitCommand, object?][]): Promise<Permit> {
  let current = permit;
  for (const [as, verb, body] of steps) {
    const response = await command(as, current.ID, verb, body);
    expect(response.statusCode, `${as} ${verb}: ${response.body}`).toBe(200);
    current = response.json<Permit>();
  }
  return current;
}

const toApproved: [string, PermitCommand, object?][] = [
  ['worker', 'request'],
  ['supervisor', 'approve'],
];
const toActive: [string, PermitCommand, object?][] = [
  ...toApproved,
  ['supervisor', 'isolate'],
  ['admin', 'issue'],
  ['contractor', 'accept'],
];

beforeAll(async () => {
  t = await createTestApp();
  // The lifecycle alone: the isolation plan's guards are tested in isolation-plan.test.ts.
  await withoutIsolationPlan(t.connections[0]!.db);
  // The bare lifecycle: the checklist questions' guards are tested in permit-questions.test.ts.
  await withoutQuestions(t.connections[0]!.db);
  for (const username of ['admin', 'supervisor', 'worker', 'contractor']) {
    tokens[username] = (await login(t.app, { username })).json<{ token: string }>().token;
    ids[username] = (
      await db().selectFrom('users').select('id').where('user_name', '=', username).executeTakeFirstOrThrow()
    ).id;
  }
  tokens.adminRiverside = (await login(t.app, { username: 'admin', facilityId: 2 })).json<{ token: string }>().token;
  loto = await db()
    .selectFrom('permit_types')
    .select('id')
    .where('facility_id', '=', 1)
    .where('code', '=', 'LOTO')
    .executeTakeFirstOrThrow();
  rejectionReasonId = (
    await db()
      .selectFrom('master_list_items')
      .select('id')
      .where('facility_id', '=', 1)
      .where('list_key', '=', 'rejection-reasons')
      .where('value', '=', 'Wrong permit type')
      .executeTakeFirstOrThrow()
  ).id;
  asset = await db()
    .selectFrom('assets')
    .select(['id', 'area_id'])
    .where('facility_id', '=', 1)
    .orderBy('id')
    .executeTakeFirstOrThrow();
});
afterAll(async () => t?.close());

/** How to bring a new draft into each status (the expiry runs as the system at the end of its validity). */
const pathTo: Record<PermitStatus, [string, PermitCommand, object?][]> = {
  draft: [],
  requested: [['worker', 'request']],
  approved: toApproved,
  isolated: [...toApproved, ['supervisor', 'isolate']],
  issued: [...toApproved, ['supervisor', 'isolate'], ['admin', 'issue']],
  active: toActive,
  suspended: [...toActive, ['admin', 'suspend', { reason: 'Gas alarm' }]],
  live_for_test: [...toActive, ['admin', 'start-test']],
  work_complete: [...toActive, ['contractor', 'complete-work']],
  de_isolation: [...toActive, ['contractor', 'complete-work'], ['supervisor', 'de-isolate']],
  closed: [...toActive, ['contractor', 'complete-work'], ['supervisor', 'de-isolate'], ['supervisor', 'close']],
  cancelled: [['worker', 'cancel', { reason: 'Not needed' }]],
  expired: [...toActive, ['system', 'expire']],
};

/** Who gives each command in the table-driven tests, with a body the route accepts. */
const giver: Record<PermitCommand, [string, () => object | undefined]> = {
  edit: ['worker', () => core({ title: 'Edited in the table test' })],
  request: ['worker', () => undefined],
  cancel: ['worker', () => ({ reason: 'Not needed' })],
  approve: ['supervisor', () => undefined],
  reject: ['supervisor', () => ({ reasonId: rejectionReasonId })],
  isolate: ['supervisor', () => undefined],
  issue: ['admin', () => undefined],
  accept: ['contractor', () => undefined],
  suspend: ['admin', () => ({ reason: 'Gas alarm' })],
  revalidate: ['supervisor', () => undefined],
  'start-test': ['admin', () => undefined],
  'end-test': ['admin', () => undefined],
  extend: ['admin', () => ({ plannedEnd: hours(5) })],
  'hand-over': ['contractor', () => ({ newHolderId: ids.worker })],
  'complete-work': ['contractor', () => undefined],
  'de-isolate': ['supervisor', () => undefined],
  close: ['supervisor', () => undefined],
  expire: ['system', () => undefined],
};

/** Gives one command as `as` ('system': the expiry job at the end of validity); answers status and permit. */
async function give(as: string, permit: Permit, verb: PermitCommand, body?: object) {
  if (as === 'system') {
    const outcome = await runPermitCommandAsSystem(
      new EventBus(() => {}),
      t.connections[0]!,
      1,
      permit.ID,
      'expire',
      new Date(hours(4)),
    );
    return outcome.applied ? { status: 200, permit: outcome.permit } : { status: 409, permit };
  }
  const response = await command(as, permit.ID, verb, body);
  return {
    status: response.statusCode,
    permit: response.statusCode === 200 ? response.json<Permit>() : permit,
    response,
  };
}

async function permitIn(status: PermitStatus): Promise<Permit> {
  let permit = await draft();
  for (const [as, verb, body] of pathTo[status]) {
    const { status: code, permit: next } = await give(as, permit, verb, body);
    expect(code, `${as} ${verb} on the way to ${status}`).toBe(200);
    permit = next;
  }
  expect(permit.status).toBe(status);
  return permit;
}

describe('the transition table over HTTP', () => {
  it('applies every row of the table, from its state to its state', async () => {
    for (const row of permitTransitions) {
      const permit = await permitIn(row.from);
      const [as, body] = giver[row.command];
      const { status, permit: next } = await give(as, permit, row.command, body());
      expect(status, `${row.from} ${row.command}`).toBe(200);
      expect(next.status, `${row.from} ${row.command}`).toBe(row.to);
      expect(next.version).toBe(permit.version + 1);
    }
  }, 120_000);

  it('refuses every command a state has no row for: 409 with the lifecycle reason, nothing changed', async () => {
    for (const status of permitStatuses) {
      const permit = await permitIn(status);
      for (const verb of permitCommands.filter((c) => c !== 'expire')) {
        if (permitTransitions.some((r) => r.from === status && r.command === verb)) continue;
        const [, body] = giver[verb];
        const response = await command('admin', permit.ID, verb, body());
        const expected = decide(
          { ...permitFactsOf(permit) },
          { userId: ids.admin!, permissions: new Set(), isSystem: false },
          verb,
        );
        expect(response.statusCode, `${status} ${verb}`).toBe(409);
        expect(response.json(), `${status} ${verb}`).toMatchObject({
          code: 'CONFLICT',
          message: expected.ok ? 'allowed?' : expected.reason,
          details: [{ field: 'code', message: 'NOT_ALLOWED_FROM_STATE' }],
        });
      }
      expect((await call('admin', 'GET', `/api/permits/${permit.ID}`)).json<Permit>().version).toBe(permit.version);
    }
  }, 120_000);
});

function permitFactsOf(permit: Permit) {
  return {
    status: permit.status,
    typeCode: permit.permitType.code,
    requesterId: permit.requester.ID,
    holderId: permit.holder?.ID ?? null,
    issuerId: permit.issuer?.ID ?? null,
    approverIds: permit.approvals.map((a) => a.user.ID),
    plannedStart: permit.plannedStart,
    plannedEnd: permit.plannedEnd,
    extensionCount: permit.extensionCount,
    maxExtensions: 2,
    maxValidityHours: 24,
    now: new Date(),
  };
}

describe('permit lifecycle commands', () => {
  it('walks a permit from Draft to Closed through every state, one version per command, with ETags', async () => {
    const permit = await draft();
    const seen: string[] = [permit.status];
    let current = permit;
    const steps: [string, PermitCommand, object?][] = [
      ...toActive,
      ['admin', 'suspend', { reason: 'Gas alarm in the area' }],
      ['supervisor', 'revalidate'],
      ['admin', 'start-test'],
      ['admin', 'end-test'],
      ['admin', 'extend', { plannedEnd: hours(6) }],
      ['contractor', 'hand-over', { newHolderId: ids.worker }],
      ['worker', 'accept'],
      ['worker', 'complete-work'],
      ['supervisor', 'de-isolate'],
      ['supervisor', 'close'],
    ];
    for (const [as, verb, body] of steps) {
      const response = await command(as, current.ID, verb, body, { 'if-match': `"${current.version}"` });
      expect(response.statusCode, `${as} ${verb}: ${response.body}`).toBe(200);
      const next = response.json<Permit>();
      expect(next.version).toBe(current.version + 1);
      expect(response.headers.etag).toBe(`"${next.version}"`);
      seen.push(next.status);
      current = next;
    }
    expect(seen).toEqual([
      'draft',
      'requested',
      'approved',
      'isolated',
      'issued',
      'active',
      'suspended',
      'active',
      'live_for_test',
      'active',
      'active',
      'issued',
      'active',
      'work_complete',
      'de_isolation',
      'closed',
    ]);
    expect(current).toMatchObject({
      holder: { ID: ids.worker },
      issuer: { ID: ids.supervisor },
      approvals: [{ user: { ID: ids.supervisor } }],
      extensionCount: 1,
      plannedEnd: hours(6),
      statusReason: null,
      allowedCommands: [],
    });
    const read = await call('supervisor', 'GET', `/api/permits/${permit.ID}`);
    expect(read.json<Permit>().version).toBe(current.version);
    const events = await db()
      .selectFrom('domain_events')
      .select(['name', 'payload'])
      .where('entity_type', '=', 'permit')
      .where('entity_id', '=', String(permit.ID))
      .orderBy('id')
      .execute();
    expect(events.map((e) => e.name)).toEqual(['permit.created', ...steps.map(([, verb]) => `permit.${verb}`)]);
    const handOver = events.find((e) => e.name === 'permit.hand-over')!.payload;
    expect(handOver).toMatchObject({
      permitId: permit.ID,
      number: permit.number,
      typeCode: 'LOTO',
      command: 'hand-over',
      from: 'active',
      to: 'issued',
      actorId: ids.contractor,
      requesterId: ids.worker,
      holderId: ids.contractor,
      newHolderId: ids.worker,
      issuerId: ids.supervisor,
      approverIds: [ids.supervisor],
    });
  });

  it('answers the buttons the caller may press, and the refusals with status, reason and code', async () => {
    const permit = await draft();
    expect(permit.allowedCommands).toEqual(['edit', 'request', 'cancel']);
    const skip = await command('supervisor', permit.ID, 'approve');
    expect(skip.statusCode).toBe(409);
    expect(skip.json()).toMatchObject({
      code: 'CONFLICT',
      message: expect.stringContaining('only a permit that is Requested can'),
      details: [{ field: 'code', message: 'NOT_ALLOWED_FROM_STATE' }],
    });
    const notRequester = await command('supervisor', permit.ID, 'request');
    expect(notRequester.statusCode).toBe(403);
    expect(notRequester.json()).toMatchObject({ details: [{ field: 'code', message: 'NOT_THE_RIGHT_PERSON' }] });
    const requested = await walk(permit, [['worker', 'request']]);
    expect(requested.allowedCommands).toEqual(['edit', 'cancel']);
    // The worker may request LOTO permits but not approve them.
    const noPermission = await command('worker', permit.ID, 'approve');
    expect(noPermission.statusCode).toBe(403);
    expect(noPermission.json()).toMatchObject({ details: [{ field: 'code', message: 'FORBIDDEN' }] });
    const forbidden = await command('contractor', permit.ID, 'approve');
    expect(forbidden.statusCode).toBe(403);
    expect(forbidden.json<{ message: string }>().message).toContain('permit:approve:LOTO');
    // The approver's buttons: the requester's edit is not among them; returning for rework is.
    const approved = await walk(requested, [['admin', 'approve']]);
    expect(approved.allowedCommands).toEqual(['isolate', 'cancel', 'reject']);
  });

  it('refuses separation-of-duties breaches and limits: issuer = holder, self-approval, too many extensions', async () => {
    // The supervisor requests their own permit, so their approval is self-approval.
    const own = (
      await call('supervisor', 'POST', '/api/permits', { permitTypeId: loto.id, ...core({ holderId: ids.admin }) })
    ).json<Permit>();
    await walk(own, [['supervisor', 'request']]);
    const self = await command('supervisor', own.ID, 'approve');
    expect(self.statusCode).toBe(403);
    expect(self.json()).toMatchObject({
      message: 'You requested this permit: another person approves it.',
      details: [{ field: 'code', message: 'SEPARATION_OF_DUTIES' }],
    });
    await walk(own, [
      ['admin', 'approve'],
      ['admin', 'isolate'],
    ]);
    // The admin is the holder: they cannot issue it.
    const issuerHolder = await command('admin', own.ID, 'issue');
    expect(issuerHolder.statusCode).toBe(403);
    expect(issuerHolder.json()).toMatchObject({ details: [{ field: 'code', message: 'SEPARATION_OF_DUTIES' }] });

    const permit = await walk(await draft(), toActive);
    await walk(permit, [
      ['admin', 'extend', { plannedEnd: hours(5) }],
      ['admin', 'extend', { plannedEnd: hours(6) }],
    ]);
    const third = await command('admin', permit.ID, 'extend', { plannedEnd: hours(7) });
    expect(third.statusCode).toBe(422);
    expect(third.json()).toMatchObject({ details: [{ field: 'code', message: 'LIMIT_REACHED' }] });
    const earlier = await draft();
    const active = await walk(earlier, toActive);
    const backwards = await command('admin', active.ID, 'extend', { plannedEnd: hours(3) });
    expect(backwards.statusCode).toBe(422);
    expect(backwards.json()).toMatchObject({ details: [{ field: 'code', message: 'INVALID_INPUT' }] });
    const tooLong = await command('admin', active.ID, 'extend', { plannedEnd: hours(25) });
    expect(tooLong.statusCode).toBe(422);
    const noReason = await command('admin', active.ID, 'suspend', { reason: '  ' });
    expect(noReason.statusCode).toBe(400);
    const stranger = await command('contractor', active.ID, 'hand-over', { newHolderId: 999_999 });
    expect(stranger.statusCode).toBe(400);
    // A user of the facility who may not view LOTO permits could never accept one: refused as holder.
    const { id: visitor } = await db()
      .insertInto('users')
      .values({ user_name: 'visitor', display_name: 'Vic Visitor', email: null, password_hash: 'x' })
      .returning('id')
      .executeTakeFirstOrThrow();
    await db().insertInto('user_facilities').values({ user_id: visitor, facility_id: 1 }).execute();
    const blind = await command('contractor', active.ID, 'hand-over', { newHolderId: visitor });
    expect(blind.statusCode).toBe(400);
    expect(blind.json()).toMatchObject({
      details: [{ field: 'newHolderId', message: expect.stringContaining('permit:view:LOTO') }],
    });
    const blindDraft = await call('worker', 'POST', '/api/permits', {
      permitTypeId: loto.id,
      ...core({ holderId: visitor }),
    });
    expect(blindDraft.statusCode).toBe(400);
    expect(blindDraft.json()).toMatchObject({ details: [{ field: 'holderId' }] });
    expect((await call('admin', 'GET', `/api/permits/${active.ID}`)).json<Permit>().version).toBe(active.version);
  });

  it('cancels before isolation only (voided with the reason, nothing deleted); closed and cancelled never change', async () => {
    const permit = await walk(await draft(), toApproved);
    const cancelled = await walk(permit, [['worker', 'cancel', { reason: 'Work postponed' }]]);
    expect(cancelled).toMatchObject({
      status: 'cancelled',
      statusReason: 'Work postponed',
      voidReason: 'Work postponed',
      voidedAt: expect.any(String),
      approvals: [{ user: { ID: ids.supervisor } }],
      allowedCommands: [],
    });
    for (const verb of ['edit', 'request', 'cancel', 'approve'] as const) {
      const response = await command(
        'admin',
        permit.ID,
        verb,
        verb === 'edit' ? core() : { reason: 'again', password: DEMO_PASSWORD },
      );
      expect(response.statusCode).toBe(409);
      expect(response.json<{ message: string }>().message).toBe('The permit is Cancelled: it can no longer change.');
    }
    const isolated = await walk(await draft(), [...toApproved, ['supervisor', 'isolate']]);
    const late = await command('supervisor', isolated.ID, 'cancel', { reason: 'Too late' });
    expect(late.statusCode).toBe(409);
    await walk(isolated, [['supervisor', 'de-isolate']]);
  });

  it('an edit after approval is a new revision back in Requested, approvals cleared (rows kept)', async () => {
    const permit = await draft();
    const edited = await walk(permit, [['worker', 'edit', core({ title: 'Replace both belts' })]]);
    expect(edited).toMatchObject({ status: 'draft', title: 'Replace both belts', revision: 0, version: 1 });
    const same = await command('worker', permit.ID, 'edit', core({ title: 'Replace both belts' }));
    expect(same.statusCode).toBe(200);
    expect(same.json<Permit>().version).toBe(1);
    const approved = await walk(edited, toApproved);
    const back = await walk(approved, [
      ['worker', 'edit', core({ title: 'Replace both belts', plannedEnd: hours(5) })],
    ]);
    expect(back).toMatchObject({ status: 'requested', revision: 1, approvals: [] });
    const rows = await db()
      .selectFrom('permit_approvals')
      .select(['user_id', 'cleared_at'])
      .where('permit_id', '=', permit.ID)
      .execute();
    expect(rows).toEqual([{ user_id: ids.supervisor, cleared_at: expect.any(Date) }]);
    const tooLong = await command('worker', permit.ID, 'edit', core({ plannedEnd: hours(25) }));
    expect(tooLong.statusCode).toBe(400);
    expect(tooLong.json<{ details: { field: string }[] }>().details[0]!.field).toBe('plannedEnd');
  });

  it('two edits from one version: one wins, the other gets 409 with the stale message', async () => {
    const permit = await draft();
    const headers = { 'if-match': `"${permit.version}"` };
    const responses = await Promise.all([
      command('worker', permit.ID, 'edit', core({ title: 'First edit' }), headers),
      command('worker', permit.ID, 'edit', core({ title: 'Second edit' }), headers),
    ]);
    expect(responses.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    const lost = responses.find((r) => r.statusCode === 409)!;
    expect(lost.json<{ message: string }>().message).toContain('Someone changed this permit while you were editing it');
  });

  it('applies a replayed command (same Idempotency-Key) once: one audit row, one event', async () => {
    const permit = await draft();
    const headers = { 'idempotency-key': `permit-request-${permit.ID}` };
    const first = await command('worker', permit.ID, 'request', undefined, headers);
    const again = await command('worker', permit.ID, 'request', undefined, headers);
    expect([first.statusCode, again.statusCode]).toEqual([200, 200]);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.json()).toEqual(first.json());
    const audits = await db()
      .selectFrom('audit_log')
      .select('id')
      .where('action', '=', 'permit.request')
      .where('entity_id', '=', String(permit.ID))
      .execute();
    const events = await db()
      .selectFrom('domain_events')
      .select('id')
      .where('name', '=', 'permit.request')
      .where('entity_id', '=', String(permit.ID))
      .execute();
    expect([audits.length, events.length]).toEqual([1, 1]);
  });

  it('refuses the same Idempotency-Key with another signing password (422), replays only the same one, and keeps no password', async () => {
    const requested = await walk(await draft(), [['worker', 'request']]);
    const headers = { 'idempotency-key': `permit-approve-${requested.ID}` };
    const first = await command('supervisor', requested.ID, 'approve', { password: DEMO_PASSWORD }, headers);
    expect(first.statusCode, first.body).toBe(200);
    const wrong = await command('supervisor', requested.ID, 'approve', { password: 'not-the-password' }, headers);
    expect(wrong.statusCode, wrong.body).toBe(422);
    expect(wrong.json()).toMatchObject({ code: 'IDEMPOTENCY_KEY_REUSED' });
    expect(wrong.headers['idempotent-replayed']).toBeUndefined();
    const same = await command('supervisor', requested.ID, 'approve', { password: DEMO_PASSWORD }, headers);
    expect(same.statusCode, same.body).toBe(200);
    expect(same.headers['idempotent-replayed']).toBe('true');
    const stored = await db()
      .selectFrom('idempotency_keys')
      .selectAll()
      .where('user_id', '=', ids.supervisor!)
      .where('key', '=', headers['idempotency-key'])
      .executeTakeFirstOrThrow();
    expect(JSON.stringify(stored)).not.toContain(DEMO_PASSWORD);
  });

  it('expires as the system once validity ends (no user in the audit row); a person cannot', async () => {
    const active = await walk(await draft(), toActive);
    expect((await command('admin', active.ID, 'expire')).statusCode).toBe(404);
    const events = new EventBus(() => {});
    const early = await runPermitCommandAsSystem(events, t.connections[0]!, 1, active.ID, 'expire', new Date(hours(3)));
    expect(early).toEqual({ applied: false, reason: "The permit's validity has not ended yet." });
    const expired = await runPermitCommandAsSystem(
      events,
      t.connections[0]!,
      1,
      active.ID,
      'expire',
      new Date(hours(4)),
    );
    expect(expired).toMatchObject({ applied: true, permit: { status: 'expired', version: active.version + 1 } });
    const other = await runPermitCommandAsSystem(events, t.connections[0]!, 2, active.ID, 'expire', new Date(hours(4)));
    expect(other).toEqual({ applied: false, reason: 'Permit not found' });
    const audit = await db()
      .selectFrom('audit_log')
      .select(['user_id', 'address'])
      .where('action', '=', 'permit.expire')
      .where('entity_id', '=', String(active.ID))
      .executeTakeFirstOrThrow();
    expect(audit).toEqual({ user_id: null, address: null });
    const event = await db()
      .selectFrom('domain_events')
      .select('payload')
      .where('name', '=', 'permit.expire')
      .where('entity_id', '=', String(active.ID))
      .executeTakeFirstOrThrow();
    expect(event.payload).toMatchObject({ actorId: null, from: 'active', to: 'expired' });
    // An expired permit's isolations stay until it is handed back through de-isolation.
    await walk(active, [
      ['supervisor', 'de-isolate'],
      ['supervisor', 'close'],
    ]);
  });

  it("tells a permit's history from its audit trail, oldest first, saying what changed", async () => {
    const permit = await draft();
    await walk(permit, [
      ['worker', 'edit', core({ title: 'Belt and pulley', plannedEnd: hours(5) })],
      ...toActive,
      ['admin', 'suspend', { reason: 'Gas alarm' }],
      ['supervisor', 'revalidate'],
      ['admin', 'extend', { plannedEnd: hours(6) }],
      ['contractor', 'hand-over', { newHolderId: ids.worker }],
    ]);
    const response = await call('contractor', 'GET', `/api/permits/${permit.ID}/history`);
    expect(response.statusCode).toBe(200);
    const history = response.json<PermitHistoryEntry[]>();
    expect(history.map((h) => [h.action, h.fromStatus, h.toStatus, h.summary])).toEqual([
      ['permit.create', null, 'draft', `Created ${permit.number}`],
      ['permit.edit', 'draft', 'draft', 'Title, Planned end'],
      ['permit.request', 'draft', 'requested', ''],
      ['permit.approve', 'requested', 'approved', ''],
      ['permit.isolate', 'approved', 'isolated', ''],
      ['permit.issue', 'isolated', 'issued', ''],
      ['permit.accept', 'issued', 'active', ''],
      ['permit.suspend', 'active', 'suspended', 'Gas alarm'],
      ['permit.revalidate', 'suspended', 'active', ''],
      ['permit.extend', 'active', 'active', `Planned end: ${hours(6)}`],
      [
        'permit.hand-over',
        'active',
        'issued',
        'New holder: Wren Worker. Abnormal conditions: None. Work remaining: None. Locks staying on: none',
      ],
    ]);
    expect(history[1]!.actor).toEqual({ ID: ids.worker, displayName: 'Wren Worker' });
    // The extension carries its new end as data, so the page words it for the reader (never raw ISO).
    expect(history.map((h) => h.plannedEnd)).toEqual(
      history.map((h) => (h.action === 'permit.extend' ? hours(6) : null)),
    );
  });

  it("answers 404 for another facility's permit on every new route", async () => {
    const permit = await draft();
    expect((await call('adminRiverside', 'GET', `/api/permits/${permit.ID}/history`)).statusCode).toBe(404);
    const verbs: [PermitCommand, object | undefined][] = [
      ['request', undefined],
      ['edit', core()],
      ['approve', undefined],
      ['isolate', undefined],
      ['issue', undefined],
      ['accept', undefined],
      ['suspend', { reason: 'x' }],
      ['revalidate', undefined],
      ['start-test', undefined],
      ['end-test', undefined],
      ['extend', { plannedEnd: hours(6) }],
      ['hand-over', { newHolderId: ids.worker }],
      ['complete-work', undefined],
      ['de-isolate', undefined],
      ['close', undefined],
      ['cancel', { reason: 'x' }],
    ];
    for (const [verb, body] of verbs) {
      const response = await command('adminRiverside', permit.ID, verb, body);
      expect(response.statusCode, verb).toBe(404);
    }
    expect((await call('worker', 'GET', `/api/permits/${permit.ID}`)).json<Permit>().version).toBe(0);
  });
});

describe("accept waits for the permit's start", () => {
  let clockOffset = 0;
  /** Puts the server's clock at `at` (null: back to the machine's) and signs everyone in again on it. */
  async function clockAt(at: string | null) {
    const offset = at === null ? 0 : Date.parse(at) - Date.now();
    t.advanceClock(offset - clockOffset);
    clockOffset = offset;
    for (const username of ['admin', 'supervisor', 'worker', 'contractor'])
      tokens[username] = (await login(t.app, { username })).json<{ token: string }>().token;
  }

  it('accept before the start is refused with the start in the facility time zone; at the start it is allowed (fake clock)', async () => {
    await db().updateTable('facilities').set({ time_zone: 'Europe/Berlin' }).where('id', '=', 1).execute();
    try {
      // Issued the evening before; valid from 01:23 Berlin time (00:23 UTC).
      await clockAt('2027-01-14T22:50:00Z');
      const permit = await draft({ plannedStart: '2027-01-15T00:23:00.000Z', plannedEnd: '2027-01-15T08:23:00.000Z' });
      await walk(permit, pathTo.issued);
      const holderSees = async () => (await call('contractor', 'GET', `/api/permits/${permit.ID}`)).json<Permit>();
      await clockAt('2027-01-14T23:57:00Z');
      const early = await command('contractor', permit.ID, 'accept');
      expect(early.statusCode).toBe(409);
      expect(early.json()).toMatchObject({
        message: 'The permit is valid from 2027-01-15 01:23 +01:00: it can be accepted, and work can start, from then.',
        details: [{ field: 'code', message: 'PRECONDITION_FAILED' }],
      });
      expect(await holderSees()).toMatchObject({ status: 'issued' });
      expect((await holderSees()).allowedCommands).not.toContain('accept');
      await clockAt('2027-01-15T00:23:00Z');
      expect((await holderSees()).allowedCommands).toContain('accept');
      const atStart = await command('contractor', permit.ID, 'accept');
      expect(atStart.statusCode, atStart.body).toBe(200);
      expect(atStart.json<Permit>().status).toBe('active');
    } finally {
      await clockAt(null);
      await db().updateTable('facilities').set({ time_zone: 'America/Chicago' }).where('id', '=', 1).execute();
    }
  });
});
