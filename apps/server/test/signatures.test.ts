import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  NO_LONGER_VALID,
  type ApprovalStages,
  type Permit,
  type PermitApprovals,
  type PermitEdit,
} from '@hasp/contracts';
import { writeSetting } from './support/write-setting';
import { permitCore, permitDraft } from './support/permit-draft';
import { withoutIsolationPlan } from './support/loto-fixtures';
import { withoutQuestions } from './support/permit-answers';
import { directoryServiceAccount, directoryUsers, startSlapd, type TestDirectory } from './support/slapd';
import { createTestApp, DEMO_PASSWORD, login, type TestApp } from './test-app';
import { permitTypeIdOf } from './support/permit-type-fixtures';

/**
 * Approval stages and electronic signatures over the real server, PostgreSQL and
 * a real directory (slapd): stages by risk level and in order, separation of duties, the password
 * checked again (local hash, directory bind), wrong passwords refused, audited and rate-limited, a
 * signature no longer valid once the permit changes, and a signature that cannot move.
 */
let t: TestApp;
let directory: TestDirectory;
const tokens: Record<string, string> = {};
const ids: Record<string, number> = {};
const db = () => t.connections[0]!.db;
let lotoId: number;
const { alice } = directoryUsers;

const call = (as: string, method: 'GET' | 'POST' | 'PUT', url: string, payload?: object, headers: object = {}) =>
  t.app.inject({
    method,
    url,
    headers: { authorization: `Bearer ${tokens[as]}`, ...headers },
    ...(payload ? { payload } : {}),
  });
const sign = (as: string, id: number, password = DEMO_PASSWORD, headers: object = {}) =>
  call(as, 'POST', `/api/permits/${id}/commands/approve`, { password }, headers);
const approvals = async (as: string, id: number) => {
  const response = await call(as, 'GET', `/api/permits/${id}/signatures`);
  expect(response.statusCode, response.body).toBe(200);
  return response.json<PermitApprovals>();
};
const permit = async (id: number) => (await call('worker', 'GET', `/api/permits/${id}`)).json<Permit>();

/** A worker's LOTO permit of this risk level, requested. */
async function requested(riskLevel: PermitEdit['riskLevel'], title = 'Replace conveyor drive belt'): Promise<Permit> {
  const created = await call('worker', 'POST', '/api/permits', permitDraft(lotoId, { riskLevel, title }));
  expect(created.statusCode, created.body).toBe(200);
  const response = await call('worker', 'POST', `/api/permits/${created.json<Permit>().ID}/commands/request`);
  expect(response.statusCode, response.body).toBe(200);
  return response.json<Permit>();
}

const expectOk = (response: { statusCode: number; body: string }) => {
  expect(response.statusCode, response.body).toBe(200);
  return JSON.parse(response.body) as Permit;
};

/** Moves the server's clock on, and signs everyone in again (their access tokens expire meanwhile). */
async function advance(ms: number) {
  t.advanceClock(ms);
  for (const username of ['admin', 'supervisor', 'worker', 'contractor']) {
    tokens[username] = (await login(t.app, { username })).json<{ token: string }>().token;
  }
}

beforeAll(async () => {
  [t, directory] = await Promise.all([createTestApp(), startSlapd()]);
  await withoutIsolationPlan(db());
  // Checklist questions have their own tests (permit-questions.test.ts): these permits ask none.
  await withoutQuestions(db());
  // Alice is a directory user and an approver (Supervisors) of North Plant.
  const { id: aliceId } = await db()
    .insertInto('users')
    .values({ user_name: alice.uid, display_name: alice.name, is_active_directory_user: true })
    .returning('id')
    .executeTakeFirstOrThrow();
  await db().insertInto('user_facilities').values({ user_id: aliceId, facility_id: 1 }).execute();
  await sql`insert into user_groups (user_id, group_id)
    select ${aliceId}, id from groups where facility_id = 1 and name = 'Supervisors'`.execute(db());
  const adminId = (
    await db().selectFrom('users').select('id').where('user_name', '=', 'admin').executeTakeFirstOrThrow()
  ).id;
  for (const [key, value] of Object.entries({
    'ldap.url': directory.url,
    'ldap.baseDn': `ou=people,${directory.baseDn}`,
    'ldap.bindDn': directoryServiceAccount.dn,
    'ldap.bindPassword': directoryServiceAccount.password,
    'ldap.userFilter': '(uid={{username}})',
  })) {
    await writeSetting(db(), { key, value, facilityId: null, userId: adminId, auditFacilityId: 1 });
  }
  for (const username of ['admin', 'supervisor', 'worker', 'contractor']) {
    tokens[username] = (await login(t.app, { username })).json<{ token: string }>().token;
    ids[username] = (
      await db().selectFrom('users').select('id').where('user_name', '=', username).executeTakeFirstOrThrow()
    ).id;
  }
  const aliceLogin = await login(t.app, { username: alice.uid, password: alice.password });
  expect(aliceLogin.statusCode, aliceLogin.body).toBe(200);
  tokens.alice = aliceLogin.json<{ token: string }>().token;
  ids.alice = aliceId;
  lotoId = await permitTypeIdOf(db(), 'LOTO');
});
afterAll(async () => {
  await directory?.stop();
  await t?.close();
});

describe('approval stages by risk level', () => {
  const input = (s: ApprovalStages['high'][number]) => ({ name: s.name, meaning: s.meaning, groupId: s.groupId });
  const stages = async () => (await call('admin', 'GET', '/api/approval-stages')).json<ApprovalStages>();
  const save = (body: object) => call('admin', 'PUT', '/api/approval-stages', body);

  it('low risk: one signature by the area authority approves, shown with name, local time, offset and meaning', async () => {
    const p = await requested('low');
    const before = await approvals('worker', p.ID);
    expect(before.stages.map((s) => [s.name, s.signed])).toEqual([['Area authority', false]]);
    expect(before.nextStage).toMatchObject({ name: 'Area authority', meaning: 'approved as area authority' });
    const approved = expectOk(await sign('supervisor', p.ID));
    expect(approved.status).toBe('approved');
    const after = await approvals('worker', p.ID);
    expect(after.nextStage).toBeNull();
    const [signature] = after.signatures;
    // North Plant is in America/Chicago: December is -06:00.
    expect(signature).toMatchObject({ signerName: 'Sam Supervisor', valid: true, method: 'password', revision: 0 });
    expect(signature!.signedAtLocal).toMatch(/^\d{4}-\d\d-\d\d \d\d:\d\d -0[56]:00$/);
    expect(signature!.text).toBe(`Approved as area authority by Sam Supervisor, ${signature!.signedAtLocal}`);
    const audit = await db()
      .selectFrom('audit_log')
      .select(['user_id', 'after'])
      .where('action', '=', 'signature.sign')
      .where('entity_id', '=', String(signature!.ID))
      .executeTakeFirstOrThrow();
    expect(audit.user_id).toBe(ids.supervisor);
    expect(JSON.stringify(audit.after)).not.toContain(DEMO_PASSWORD);
  });

  it('a permit without a risk level follows the lowest level’s stages', async () => {
    const p = await requested(null);
    expect((await approvals('worker', p.ID)).riskLevel).toBe('low');
    expect(expectOk(await sign('supervisor', p.ID)).status).toBe('approved');
  });

  it('high risk: the area authority, then a safety officer; Requested until both have signed', async () => {
    const p = await requested('high');
    const first = expectOk(await sign('supervisor', p.ID));
    expect(first.status).toBe('requested');
    const middle = await approvals('worker', p.ID);
    expect(middle.stages.map((s) => [s.name, s.signed])).toEqual([
      ['Area authority', true],
      ['Safety officer', false],
    ]);
    expect(middle.nextStage).toMatchObject({ name: 'Safety officer', groupName: 'Safety Officers' });
    // The buttons: the safety officer may approve; the area authority who signed may not again.
    expect((await call('admin', 'GET', `/api/permits/${p.ID}`)).json<Permit>().allowedCommands).toContain('approve');
    expect((await call('supervisor', 'GET', `/api/permits/${p.ID}`)).json<Permit>().allowedCommands).not.toContain(
      'approve',
    );
    const second = expectOk(await sign('admin', p.ID));
    expect(second.status).toBe('approved');
    expect(second.approvals.map((a) => a.user.ID).sort()).toEqual([ids.admin, ids.supervisor].sort());
    const texts = (await approvals('worker', p.ID)).signatures.map((s) => s.text.split(',')[0]);
    expect(texts).toEqual(['Approved as safety officer by Alex Admin', 'Approved as area authority by Sam Supervisor']);
  });

  it('stages in order: a member of a later stage’s group only cannot sign the first stage', async () => {
    const current = (await call('admin', 'GET', '/api/approval-stages')).json<ApprovalStages>();
    const supervisors = (
      await db()
        .selectFrom('groups')
        .select('id')
        .where('facility_id', '=', 1)
        .where('name', '=', 'Supervisors')
        .executeTakeFirstOrThrow()
    ).id;
    const saved = await call(
      'admin',
      'PUT',
      '/api/approval-stages',
      {
        low: current.low.map(input),
        medium: [{ name: 'Area authority', meaning: 'approved as area authority', groupId: supervisors }],
        high: current.high.map(input),
      },
      { 'if-match': `"${current.version}"` },
    );
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json<ApprovalStages>().medium).toMatchObject([{ groupName: 'Supervisors' }]);
    const p = await requested('medium');
    const refused = await sign('admin', p.ID);
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({
      message: 'The next approval stage is "Area authority": only members of the group "Supervisors" can sign it.',
      details: [{ field: 'code', message: 'NOT_THE_RIGHT_PERSON' }],
    });
    expect(expectOk(await sign('supervisor', p.ID)).status).toBe('approved');
    // A group of another facility is refused; the configuration is Facility Settings only.
    const riverside = (
      await db().selectFrom('groups').select('id').where('facility_id', '=', 2).executeTakeFirstOrThrow()
    ).id;
    const foreign = await call('admin', 'PUT', '/api/approval-stages', {
      low: current.low.map(input),
      medium: [{ name: 'X', meaning: 'approved', groupId: riverside }],
      high: current.high.map(input),
    });
    expect(foreign.statusCode, foreign.body).toBe(400);
    expect(foreign.json()).toMatchObject({ details: [{ field: 'medium.0.groupId' }] });
    expect((await call('supervisor', 'GET', '/api/approval-stages')).statusCode).toBe(403);
  });

  // Every level keeps at least one stage, written out (an empty one fell back to the default stage unseen).
  it('refuses all three levels saved empty, naming each level, and changes nothing', async () => {
    const before = await stages();
    const response = await save({ low: [], medium: [], high: [] });
    expect(response.statusCode, response.body).toBe(400);
    const body = response.json<{ code: string; details: { field: string; message: string }[] }>();
    expect(body.code).toBe('VALIDATION_FAILED');
    expect(body.details.map((d) => d.field).sort()).toEqual(['high', 'low', 'medium']);
    expect(body.details.find((d) => d.field === 'high')!.message).toBe(
      'The high risk level needs at least one approval stage: the default one (Approval, by anyone who may approve) or one you name',
    );
    expect(await stages()).toEqual(before);
  });

  it('refuses one level emptied while the others keep theirs, naming that level', async () => {
    const before = await stages();
    const response = await save({ low: before.low.map(input), medium: before.medium.map(input), high: [] });
    expect(response.statusCode, response.body).toBe(400);
    expect(response.json()).toMatchObject({ details: [{ field: 'high', message: /high risk level/ }] });
    expect((await stages()).high).toEqual(before.high);
  });

  it('still saves every level with one stage or more', async () => {
    const before = await stages();
    const response = await save({
      low: before.low.map(input),
      medium: before.medium.map(input),
      high: before.high.map(input).slice(0, 1),
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json<ApprovalStages>().high).toHaveLength(1);
    // The later tests sign high-risk permits through both of its stages.
    expect(
      (await save({ low: before.low.map(input), medium: before.medium.map(input), high: before.high.map(input) }))
        .statusCode,
    ).toBe(200);
  });
});

describe('separation of duties', () => {
  it('the requester cannot sign, and one person signs at most one stage of a revision', async () => {
    const created = expectOk(
      await call('supervisor', 'POST', '/api/permits', permitDraft(lotoId, { riskLevel: 'high' })),
    );
    expectOk(await call('supervisor', 'POST', `/api/permits/${created.ID}/commands/request`));
    const self = await sign('supervisor', created.ID);
    expect(self.statusCode).toBe(403);
    expect(self.json()).toMatchObject({ details: [{ field: 'code', message: 'SEPARATION_OF_DUTIES' }] });
    // The admin signs the area authority stage; the safety officer stage then needs someone else.
    expect(expectOk(await sign('admin', created.ID)).status).toBe('requested');
    const twice = await sign('admin', created.ID);
    expect(twice.statusCode).toBe(403);
    expect(twice.json()).toMatchObject({
      message: 'You have already signed a stage of this permit: another person must sign the stage "Safety officer".',
      details: [{ field: 'code', message: 'SEPARATION_OF_DUTIES' }],
    });
    expect((await approvals('worker', created.ID)).signatures).toHaveLength(1);
  });
});

describe('the password, checked again at signing', () => {
  it('no password, no signature; a wrong one is refused, audited (never the password) and signs nothing', async () => {
    const p = await requested('low');
    expect((await call('supervisor', 'POST', `/api/permits/${p.ID}/commands/approve`, {})).statusCode).toBe(400);
    const wrong = await sign('supervisor', p.ID, 'not-my-password-123');
    expect(wrong.statusCode).toBe(422);
    expect(wrong.json()).toMatchObject({
      message: 'The password is not correct: the permit was not signed.',
      details: [{ field: 'password' }],
    });
    expect((await permit(p.ID)).status).toBe('requested');
    expect((await approvals('worker', p.ID)).signatures).toEqual([]);
    const rows = await db()
      .selectFrom('audit_log')
      .selectAll()
      .where('action', '=', 'signature.refused')
      .where('user_id', '=', ids.supervisor!)
      .execute();
    expect(rows.some((r) => JSON.stringify(r.after).includes(`"permitId":${p.ID}`))).toBe(true);
    expect(rows.find((r) => JSON.stringify(r.after).includes(`"permitId":${p.ID}`))!.reason).toBe('wrong password');
    expect(JSON.stringify(rows)).not.toContain('not-my-password-123');
    // Nor does the idempotency table keep it.
    const keyed = await sign('supervisor', p.ID, DEMO_PASSWORD, { 'idempotency-key': 'sign-once-1' });
    expect(keyed.statusCode).toBe(200);
    const stored = await sql<{ row: string }>`select row_to_json(k)::text as row from idempotency_keys k`.execute(db());
    expect(JSON.stringify(stored.rows)).not.toContain(DEMO_PASSWORD);
  });

  it('a directory user signs with the directory password (a bind), never a local one', async () => {
    const p = await requested('low');
    const wrong = await sign('alice', p.ID, DEMO_PASSWORD);
    expect(wrong.statusCode).toBe(422);
    const signed = expectOk(await sign('alice', p.ID, alice.password));
    expect(signed.status).toBe('approved');
    expect((await approvals('worker', p.ID)).signatures[0]).toMatchObject({
      signerName: 'Alice Anders',
      method: 'directory',
      valid: true,
    });
  });

  it('5 wrong passwords in 15 minutes refuse signing, with the wait, until the window has passed', async () => {
    // The earlier tests' wrong passwords are out of the window.
    await advance(16 * 60_000);
    const p = await requested('low');
    for (let i = 0; i < 4; i += 1) expect((await sign('contractor', p.ID, 'wrong')).statusCode).toBe(403);
    // The contractor may not approve at all (403 before any password); the supervisor's count starts fresh.
    const target = await requested('low');
    for (let i = 0; i < 5; i += 1) expect((await sign('supervisor', target.ID, `wrong-${i}`)).statusCode).toBe(422);
    const limited = await sign('supervisor', target.ID);
    expect(limited.statusCode).toBe(429);
    expect(limited.json<{ message: string }>().message).toMatch(
      /^Too many wrong passwords: signing is refused for 1[45] more minutes\.$/,
    );
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    expect((await permit(target.ID)).status).toBe('requested');
    await advance(16 * 60_000);
    expect(expectOk(await sign('supervisor', target.ID)).status).toBe('approved');
  });
});

describe('a signature belongs to one permit, one revision and one content', () => {
  it('editing the permit after approval shows the signature as no longer valid', async () => {
    const p = await requested('low', 'Belt change, signed then edited');
    expectOk(await sign('supervisor', p.ID));
    const edited = expectOk(
      await call(
        'worker',
        'POST',
        `/api/permits/${p.ID}/commands/edit`,
        permitCore({ riskLevel: 'low', title: 'Edited' }),
      ),
    );
    expect(edited.status).toBe('requested');
    const after = await approvals('worker', p.ID);
    expect(after.signatures[0]).toMatchObject({ valid: false, revision: 0 });
    expect(after.nextStage).toMatchObject({ name: 'Area authority' });
    expect(NO_LONGER_VALID).toBe('No longer valid: the permit changed after signing');
    // Signed again on the new revision: one valid signature, the old one still shown.
    expect(expectOk(await sign('supervisor', p.ID)).status).toBe('approved');
    expect((await approvals('worker', p.ID)).signatures.map((s) => [s.revision, s.valid])).toEqual([
      [1, true],
      [0, false],
    ]);
  });

  it('a content change while Requested voids the signatures given so far: the stage is signed again', async () => {
    const p = await requested('high', 'High risk, edited half-way');
    expectOk(await sign('supervisor', p.ID));
    expectOk(
      await call(
        'worker',
        'POST',
        `/api/permits/${p.ID}/commands/edit`,
        permitCore({ riskLevel: 'high', title: 'High risk, edited half-way (v2)' }),
      ),
    );
    const after = await approvals('worker', p.ID);
    expect(after.signatures[0]!.valid).toBe(false);
    expect(after.nextStage).toMatchObject({ name: 'Area authority' });
    expect(expectOk(await sign('supervisor', p.ID)).status).toBe('requested');
    expect(expectOk(await sign('admin', p.ID)).status).toBe('approved');
  });

  it('cannot be moved to another permit or revision: not through the API, not at the database', async () => {
    const x = await requested('low', 'Permit X');
    const y = await requested('low', 'Permit Y');
    expectOk(await sign('supervisor', x.ID, DEMO_PASSWORD, { 'idempotency-key': 'sign-x' }));
    // The same signing sent again for Y is not X's signature replayed on Y.
    const replay = await sign('supervisor', y.ID, DEMO_PASSWORD, { 'idempotency-key': 'sign-x' });
    expect(replay.statusCode).toBe(422);
    expect((await approvals('worker', y.ID)).signatures).toEqual([]);
    const [signature] = (await approvals('worker', x.ID)).signatures;
    const refusedAtDb = async (statement: Promise<unknown>) =>
      expect(statement).rejects.toThrow(
        /a signature never changes|belongs to the permit's current revision|never deleted/,
      );
    await refusedAtDb(sql`update permit_signatures set permit_id = ${y.ID} where id = ${signature!.ID}`.execute(db()));
    await refusedAtDb(
      sql`update permit_signatures set permit_revision = permit_revision + 1 where id = ${signature!.ID}`.execute(db()),
    );
    await refusedAtDb(sql`delete from permit_signatures where id = ${signature!.ID}`.execute(db()));
    // A copy written for another revision of Y than its current one is refused too.
    await refusedAtDb(
      sql`insert into permit_signatures (facility_id, permit_id, permit_revision, verb, stage_position, stage_name,
            meaning, signer_id, signer_name, signed_at, time_zone, method, content_hash)
          select facility_id, ${y.ID}, permit_revision + 5, verb, stage_position, stage_name, meaning, signer_id,
            signer_name, signed_at, time_zone, method, content_hash
          from permit_signatures where id = ${signature!.ID}`.execute(db()),
    );
    expect((await approvals('worker', y.ID)).signatures).toEqual([]);
    expect((await approvals('worker', x.ID)).signatures[0]).toMatchObject({ ID: signature!.ID, valid: true });
  });
});
