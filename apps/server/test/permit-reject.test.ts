import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Permit, PermitHistoryEntry, PermitSignature } from '@hasp/contracts';
import { permitDraft } from './support/permit-draft';
import { withoutIsolationPlan } from './support/loto-fixtures';
import { withoutQuestions } from './support/permit-answers';
import { waitUntil } from './support/wait-until';
import { createTestApp, DEMO_PASSWORD, login, type TestApp } from './test-app';

/**
 * Reject, returned for rework: an approver or issuer sends a Requested or Approved permit back to
 * its requester as a Draft with a reason from the "Rejection reasons" master list (and a note,
 * required for "Other"); approvals so far stop counting, the requester is told, and the permit
 * shows who returned it and why until it is requested again.
 */
let t: TestApp;
const tokens: Record<string, string> = {};
const users: Record<string, number> = {};
const reasons: Record<string, number> = {};
const db = () => t.connections[0]!.db;
let lotoId = 0;

const call = (as: string, method: 'GET' | 'POST', url: string, payload?: object) =>
  t.app.inject({ method, url, headers: { authorization: `Bearer ${tokens[as]}` }, ...(payload ? { payload } : {}) });
const command = (as: string, id: number, verb: string, body: object = {}) =>
  call(as, 'POST', `/api/permits/${id}/commands/${verb}`, body);

/** A LOTO permit by `as` (the worker by default), walked through the given steps. */
async function permitAt(steps: [string, string, object?][], as = 'worker'): Promise<Permit> {
  const created = await call(as, 'POST', '/api/permits', permitDraft(lotoId, { title: 'Replace pump seal' }));
  expect(created.statusCode, created.body).toBe(200);
  let permit = created.json<Permit>();
  for (const [who, verb, body] of steps) {
    const response = await command(who, permit.ID, verb, body);
    expect(response.statusCode, `${who} ${verb}: ${response.body}`).toBe(200);
    permit = response.json<Permit>();
  }
  return permit;
}
const requested: [string, string, object?][] = [['worker', 'request']];
const approved: [string, string, object?][] = [...requested, ['supervisor', 'approve', { password: DEMO_PASSWORD }]];

const statusOf = async (id: number) =>
  (await db().selectFrom('permits').select('status').where('id', '=', id).executeTakeFirstOrThrow()).status;

beforeAll(async () => {
  t = await createTestApp();
  // The lifecycle alone: the isolation plan's and the questions' guards have their own tests.
  await withoutIsolationPlan(db());
  await withoutQuestions(db());
  for (const username of ['admin', 'supervisor', 'worker']) {
    tokens[username] = (await login(t.app, { username })).json<{ token: string }>().token;
    users[username] = (
      await db().selectFrom('users').select('id').where('user_name', '=', username).executeTakeFirstOrThrow()
    ).id;
  }
  lotoId = (
    await db()
      .selectFrom('permit_types')
      .select('id')
      .where('facility_id', '=', 1)
      .where('code', '=', 'LOTO')
      .executeTakeFirstOrThrow()
  ).id;
  for (const row of await db()
    .selectFrom('master_list_items')
    .select(['id', 'value'])
    .where('facility_id', '=', 1)
    .where('list_key', '=', 'rejection-reasons')
    .execute())
    reasons[row.value] = row.id;
});
afterAll(async () => t?.close());

describe('reject: returned for rework', () => {
  it('Reject → returned to the requester with the reason; earlier approvals invalid', async () => {
    const permit = await permitAt(approved);
    expect(permit.status).toBe('approved');
    expect(permit.approvals).toHaveLength(1);
    const signedBefore = (await call('worker', 'GET', `/api/permits/${permit.ID}/signatures`)).json<{
      signatures: PermitSignature[];
    }>().signatures;
    expect(signedBefore.map((s) => s.valid)).toEqual([true]);

    const rejected = await command('supervisor', permit.ID, 'reject', {
      reasonId: reasons['Wrong permit type'],
      note: 'Welding: raise a HOT permit',
    });
    expect(rejected.statusCode, rejected.body).toBe(200);

    // The requester reads it back: a Draft, returned by the supervisor with the reason and note.
    const read = (await call('worker', 'GET', `/api/permits/${permit.ID}`)).json<Permit>();
    expect(read.status).toBe('draft');
    expect(read.returned).toMatchObject({
      by: { ID: users.supervisor, displayName: 'Sam Supervisor' },
      reason: { ID: reasons['Wrong permit type'], value: 'Wrong permit type', caption: 'Wrong permit type' },
      note: 'Welding: raise a HOT permit',
    });
    expect(Date.parse(read.returned!.at)).toBeGreaterThan(Date.parse(permit.updatedAt) - 1);
    expect(read.allowedCommands).toEqual(expect.arrayContaining(['edit', 'request']));

    // Approvals so far: no longer counted (rows kept, cleared) and the signature kept but invalid.
    expect(read.approvals).toEqual([]);
    expect(read.revision).toBe(permit.revision + 1);
    const approvalRows = await db()
      .selectFrom('permit_approvals')
      .select('cleared_at')
      .where('permit_id', '=', permit.ID)
      .execute();
    expect(approvalRows).toHaveLength(1);
    expect(approvalRows[0]!.cleared_at).not.toBeNull();
    const signedAfter = (await call('worker', 'GET', `/api/permits/${permit.ID}/signatures`)).json<{
      signatures: PermitSignature[];
    }>().signatures;
    expect(signedAfter.map((s) => [s.ID, s.valid])).toEqual([[signedBefore[0]!.ID, false]]);

    // The requester is told, with the reason; nobody else.
    const notices = await waitUntil(async () => {
      const rows = await db()
        .selectFrom('notifications')
        .innerJoin('users', 'users.id', 'notifications.user_id')
        .select(['users.user_name', 'title', 'body', 'link'])
        .where('link', '=', `/Permit/Edit/${permit.ID}`)
        .where('title', 'like', '%returned for rework')
        .execute();
      return rows.length ? rows : undefined;
    }, "the requester's notice");
    expect(notices).toEqual([
      {
        user_name: 'worker',
        title: `${permit.number} Replace pump seal: returned for rework`,
        body: 'Returned for rework by Sam Supervisor: Wrong permit type — Welding: raise a HOT permit',
        link: `/Permit/Edit/${permit.ID}`,
      },
    ]);

    // The history names the return and why.
    const history = (await call('worker', 'GET', `/api/permits/${permit.ID}/history`)).json<PermitHistoryEntry[]>();
    expect(history.at(-1)).toMatchObject({
      action: 'permit.reject',
      actor: { ID: users.supervisor },
      fromStatus: 'approved',
      toStatus: 'draft',
      summary: 'Wrong permit type — Welding: raise a HOT permit',
    });
  });

  it('an issuer may reject a Requested permit; the reason alone is enough but for "Other"', async () => {
    const permit = await permitAt(requested);
    const rejected = await command('admin', permit.ID, 'reject', { reasonId: reasons['Hazard analysis incomplete'] });
    expect(rejected.statusCode, rejected.body).toBe(200);
    expect(rejected.json<Permit>()).toMatchObject({
      status: 'draft',
      returned: { by: { ID: users.admin }, reason: { value: 'Hazard analysis incomplete' }, note: '' },
    });
  });

  it('the requester cannot reject their own permit, even one who may approve and issue it', async () => {
    const permit = await permitAt([['admin', 'request']], 'admin');
    expect(permit.allowedCommands).not.toContain('reject');
    const refused = await command('admin', permit.ID, 'reject', { reasonId: reasons['Wrong permit type'] });
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({
      code: 'FORBIDDEN',
      message: 'You requested this permit: another person must reject it.',
      details: [{ field: 'code', message: 'SEPARATION_OF_DUTIES' }],
    });
    expect(await statusOf(permit.ID)).toBe('requested');
  });

  it('once Isolated a permit cannot be returned for rework: the refusal names the states it can', async () => {
    const permit = await permitAt([...approved, ['supervisor', 'isolate']]);
    expect(permit.allowedCommands).not.toContain('reject');
    const refused = await command('supervisor', permit.ID, 'reject', { reasonId: reasons['Wrong permit type'] });
    expect(refused.statusCode).toBe(409);
    expect(refused.json<{ message: string }>().message).toBe(
      'A permit that is Isolated cannot be given the command "Reject"; only a permit that is Requested or Approved can.',
    );
  });

  it('a reject without a reason is refused naming the reason; nothing changes', async () => {
    const permit = await permitAt(requested);
    const refused = await command('supervisor', permit.ID, 'reject', { note: 'Looks wrong' });
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({
      code: 'VALIDATION_FAILED',
      details: [{ field: 'reasonId', message: 'Pick a rejection reason' }],
    });
    expect(await statusOf(permit.ID)).toBe('requested');
  });

  it('"Other" without a note is refused naming the note (blank counts as none)', async () => {
    const permit = await permitAt(requested);
    for (const note of [undefined, '   ']) {
      const refused = await command('supervisor', permit.ID, 'reject', {
        reasonId: reasons.Other,
        ...(note === undefined ? {} : { note }),
      });
      expect(refused.statusCode).toBe(400);
      expect(refused.json()).toMatchObject({
        code: 'VALIDATION_FAILED',
        message: 'Note is required when the reason is "Other": say what must be reworked',
        details: [{ field: 'note' }],
      });
    }
    expect(await statusOf(permit.ID)).toBe('requested');
    const withNote = await command('supervisor', permit.ID, 'reject', {
      reasonId: reasons.Other,
      note: 'Holder not trained on this press',
    });
    expect(withNote.statusCode, withNote.body).toBe(200);
    expect(withNote.json<Permit>().returned).toMatchObject({
      reason: { value: 'Other' },
      note: 'Holder not trained on this press',
    });
  });

  it('a reason not on the facility\'s "Rejection reasons" list, or no longer in use, is refused naming it', async () => {
    const permit = await permitAt(requested);
    const otherList = await db()
      .selectFrom('master_list_items')
      .select('id')
      .where('facility_id', '=', 1)
      .where('list_key', '=', 'hazards')
      .executeTakeFirstOrThrow();
    const otherFacility = await db()
      .selectFrom('master_list_items')
      .select('id')
      .where('facility_id', '=', 2)
      .where('list_key', '=', 'rejection-reasons')
      .executeTakeFirstOrThrow();
    for (const reasonId of [otherList.id, otherFacility.id, 2_000_000_000]) {
      const refused = await command('supervisor', permit.ID, 'reject', { reasonId });
      expect(refused.statusCode).toBe(400);
      expect(refused.json()).toMatchObject({
        details: [
          {
            field: 'reasonId',
            message: `Rejection reason: item ${reasonId} is not on this facility's "Rejection reasons" list`,
          },
        ],
      });
    }
    await db()
      .updateTable('master_list_items')
      .set({ is_active: false })
      .where('id', '=', reasons['Dates or location wrong']!)
      .execute();
    try {
      const refused = await command('supervisor', permit.ID, 'reject', {
        reasonId: reasons['Dates or location wrong'],
      });
      expect(refused.statusCode).toBe(400);
      expect(refused.json()).toMatchObject({
        details: [
          {
            field: 'reasonId',
            message: 'Rejection reason: "Dates or location wrong" is no longer in use; pick another',
          },
        ],
      });
    } finally {
      await db()
        .updateTable('master_list_items')
        .set({ is_active: true })
        .where('id', '=', reasons['Dates or location wrong']!)
        .execute();
    }
    expect(await statusOf(permit.ID)).toBe('requested');
  });

  it('requesting again works and clears the returned facts; the history keeps both', async () => {
    const permit = await permitAt(approved);
    await command('supervisor', permit.ID, 'reject', { reasonId: reasons['Isolation points incomplete'] });
    const again = await command('worker', permit.ID, 'request');
    expect(again.statusCode, again.body).toBe(200);
    expect(again.json<Permit>()).toMatchObject({ status: 'requested', returned: null, approvals: [] });
    const read = (await call('worker', 'GET', `/api/permits/${permit.ID}`)).json<Permit>();
    expect(read.returned).toBeNull();
    // A new approval after the return is a new signature on the new revision.
    const reapproved = await command('supervisor', permit.ID, 'approve', { password: DEMO_PASSWORD });
    expect(reapproved.statusCode, reapproved.body).toBe(200);
    expect(reapproved.json<Permit>().status).toBe('approved');
    const history = (await call('worker', 'GET', `/api/permits/${permit.ID}/history`)).json<PermitHistoryEntry[]>();
    expect(history.map((h) => h.action)).toEqual([
      'permit.create',
      'permit.request',
      'permit.approve',
      'permit.reject',
      'permit.request',
      'permit.approve',
    ]);
  });
});
