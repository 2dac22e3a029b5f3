import { inflateRawSync } from 'node:zlib';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  signingRefusals,
  type Permit,
  type PermitApprovals,
  type PermitEdit,
  type SigningMethod,
} from '@hasp/contracts';
import { permitCore, permitDraft } from './support/permit-draft';
import { withoutIsolationPlan } from './support/loto-fixtures';
import { withoutQuestions } from './support/permit-answers';
import {
  IDP_ISSUER,
  b64,
  configureSso,
  responseXml,
  sign,
  startSignIn,
  throwawayKeyPair,
  type KeyPair,
} from './sso-idp';
import { createTestApp, DEMO_PASSWORD, login, type TestApp } from './test-app';
import { permitTypeIdOf } from './support/permit-type-fixtures';

/**
 * Signing by single sign-on users (decision 0059) over the real server and PostgreSQL, with the
 * test identity provider of the SAML tests (sso-idp.ts: responses signed like a real one's): the
 * forced login (ForceAuthn, its own request ID and RelayState), the ACS's checks of the answer, the
 * approve command using the signing up, and every refusal audited and counted toward the rate limit.
 */
let t: TestApp;
let keys: KeyPair;
const tokens: Record<string, string> = {};
const ids: Record<string, number> = {};
const db = () => t.connections[0]!.db;
let lotoId: number;
/** Single sign-on users (no password, not directory users), approvers of North Plant. */
const ssoUsers = { sally: 'Sally Single', olga: 'Olga Once', sid: 'Sid Second' } as const;

const call = (as: string, method: 'GET' | 'POST', url: string, payload?: object) =>
  t.app.inject({ method, url, headers: { authorization: `Bearer ${tokens[as]}` }, ...(payload ? { payload } : {}) });
const expectOk = <T = Permit>(response: { statusCode: number; body: string }) => {
  expect(response.statusCode, response.body).toBe(200);
  return JSON.parse(response.body) as T;
};
const approvals = async (id: number) =>
  expectOk<PermitApprovals>(await call('worker', 'GET', `/api/permits/${id}/signatures`));

async function requested(riskLevel: PermitEdit['riskLevel'] = 'low', title = 'Belt change signed at the IdP') {
  const created = expectOk(await call('worker', 'POST', '/api/permits', permitDraft(lotoId, { riskLevel, title })));
  return expectOk(await call('worker', 'POST', `/api/permits/${created.ID}/commands/request`));
}

/** Signs a single sign-on user in the way the login screen does: IdP, ACS, one-time token, session. */
async function ssoSession(userName: string): Promise<string> {
  const samlResponse = b64(
    sign(responseXml({ inResponseTo: await startSignIn(t.app), nameId: userName }), keys, 'assertion'),
  );
  const acs = await t.app.inject({
    method: 'POST',
    url: '/api/saml/samllogin',
    payload: { samlResponse, connectionStringName: 'Demo' },
  });
  const token = expectOk<{ token: string }>(acs).token;
  const session = await t.app.inject({
    method: 'POST',
    url: '/api/login/sso',
    payload: { connectionStringName: 'Demo', facilityId: 1, token },
  });
  return expectOk<{ token: string }>(session).token;
}

interface Started {
  requestId: string;
  relayState: string;
  requestXml: string;
}

/** The signature dialog's button: the IdP's URL with a fresh AuthnRequest. */
async function startSigning(as: string, permitId: number): Promise<Started> {
  const { redirectUrl } = expectOk<{ redirectUrl: string }>(
    await call(as, 'POST', `/api/permits/${permitId}/signatures/sso`),
  );
  const url = new URL(redirectUrl);
  const requestXml = inflateRawSync(Buffer.from(url.searchParams.get('SAMLRequest')!, 'base64')).toString('utf8');
  return {
    requestId: /\sID="([^"]+)"/.exec(requestXml)![1]!,
    relayState: url.searchParams.get('RelayState')!,
    requestXml,
  };
}

/** The identity provider's answer, posted by the browser to the ACS; resolves with where Hasp sends it. */
async function answer(started: Started, fields: { nameId: string; authnInstant?: Date; inResponseTo?: string }) {
  const xml = responseXml({ inResponseTo: fields.inResponseTo ?? started.requestId, ...fields });
  return postAnswer(b64(sign(xml, keys, 'assertion')), started.relayState);
}
async function postAnswer(samlResponse: string, relayState: string) {
  const response = await t.app.inject({
    method: 'POST',
    url: '/api/saml/samllogin',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: new URLSearchParams({ SAMLResponse: samlResponse, RelayState: relayState }).toString(),
  });
  expect(response.statusCode, response.body).toBe(303);
  return new URL(response.headers.location!, 'https://hasp.test');
}

const approveWith = (as: string, permitId: number, signingIntent: string) =>
  call(as, 'POST', `/api/permits/${permitId}/commands/approve`, { signingIntent });

const refusals = (userId: number) =>
  db()
    .selectFrom('audit_log')
    .select(['reason', 'after'])
    .where('action', '=', 'signature.refused')
    .where('user_id', '=', userId)
    .orderBy('id')
    .execute();
const failures = async (userId: number) =>
  Number(
    (
      await db()
        .selectFrom('signature_failures')
        .select((eb) => eb.fn.countAll().as('n'))
        .where('user_id', '=', userId)
        .executeTakeFirstOrThrow()
    ).n,
  );

beforeAll(async () => {
  t = await createTestApp();
  await withoutIsolationPlan(db());
  await withoutQuestions(db());
  keys = throwawayKeyPair('hasp-signing-idp');
  await configureSso(db(), keys.cert, { 'sso.idpName': 'Contoso Login' });
  for (const [userName, displayName] of Object.entries(ssoUsers)) {
    const { id } = await db()
      .insertInto('users')
      .values({ user_name: userName, display_name: displayName, password_hash: null })
      .returning('id')
      .executeTakeFirstOrThrow();
    await db().insertInto('user_facilities').values({ user_id: id, facility_id: 1 }).execute();
    await sql`insert into user_groups (user_id, group_id)
      select ${id}, id from groups where facility_id = 1 and name = 'Supervisors'`.execute(db());
    ids[userName] = id;
    tokens[userName] = await ssoSession(userName);
  }
  for (const username of ['worker', 'supervisor']) {
    tokens[username] = expectOk<{ token: string }>(await login(t.app, { username })).token;
  }
  lotoId = await permitTypeIdOf(db(), 'LOTO');
});
afterAll(() => t?.close());

describe('signing at the identity provider', () => {
  it('says how each user signs: the IdP by its name for single sign-on users, the password for local ones', async () => {
    expect(expectOk<SigningMethod>(await call('sally', 'GET', '/api/signatures/method'))).toEqual({
      method: 'sso',
      identityProvider: 'Contoso Login',
    });
    expect(expectOk<SigningMethod>(await call('supervisor', 'GET', '/api/signatures/method'))).toEqual({
      method: 'password',
      identityProvider: null,
    });
  });

  it('a forced login bound to the signing comes back to the permit, and approve records an sso signature', async () => {
    const p = await requested('low');
    const started = await startSigning('sally', p.ID);
    expect(started.requestXml).toContain('ForceAuthn="true"');
    expect(started.relayState).toMatch(/^sign:[\w-]{32}\.Demo$/);
    // Its own request, stored like a sign-in's for InResponseTo, and bound to this permit and user.
    expect(
      await db().selectFrom('saml_requests').select('request_id').where('request_id', '=', started.requestId).execute(),
    ).toHaveLength(1);
    const intent = await db()
      .selectFrom('signature_intents')
      .selectAll()
      .where('request_id', '=', started.requestId)
      .executeTakeFirstOrThrow();
    expect(intent).toMatchObject({ user_id: ids.sally, permit_id: p.ID, permit_revision: 0, stage_position: 1 });
    expect(intent.expires_at.getTime() - intent.created_at.getTime()).toBe(5 * 60_000);
    expect(JSON.stringify(intent)).not.toContain(started.relayState.slice(5, 37));

    const back = await answer(started, { nameId: 'Sally', authnInstant: new Date() });
    expect(back.pathname).toBe(`/Permit/Edit/${p.ID}`);
    const signing = back.searchParams.get('signing')!;
    expect(signing).toBe(started.relayState.slice(5, 37));
    const approved = expectOk(await approveWith('sally', p.ID, signing));
    expect(approved.status).toBe('approved');
    const [signature] = (await approvals(p.ID)).signatures;
    expect(signature).toMatchObject({ signerName: 'Sally Single', method: 'sso', valid: true, revision: 0 });
    expect(signature!.text).toBe(`Approved as area authority by Sally Single, ${signature!.signedAtLocal}`);
    const row = await db()
      .selectFrom('permit_signatures')
      .select(['idp_issuer', 'idp_authn_instant', 'content_hash'])
      .where('id', '=', signature!.ID)
      .executeTakeFirstOrThrow();
    expect(row.idp_issuer).toBe(IDP_ISSUER);
    expect(row.idp_authn_instant).toBeInstanceOf(Date);
    const audit = await db()
      .selectFrom('audit_log')
      .select(['user_id', 'after'])
      .where('action', '=', 'signature.sign')
      .where('entity_id', '=', String(signature!.ID))
      .executeTakeFirstOrThrow();
    expect(audit.user_id).toBe(ids.sally);
    expect(audit.after).toMatchObject({
      permitId: p.ID,
      method: 'sso',
      reauthenticatedAt: 'identity provider',
      idpIssuer: IDP_ISSUER,
      contentHash: row.content_hash,
    });
    // The permit's own history has its approval, as for a password.
    const history = await db()
      .selectFrom('audit_log')
      .select('action')
      .where('entity_type', '=', 'permit')
      .where('entity_id', '=', String(p.ID))
      .execute();
    expect(history.map((h) => h.action)).toContain('permit.approve');

    // The same answer again is a replay: refused, audited, counted.
    const replay = await postAnswer(
      b64(sign(responseXml({ inResponseTo: started.requestId, nameId: 'sally' }), keys, 'assertion')),
      started.relayState,
    );
    expect(replay.searchParams.get('signingRefused')).toBe('replayed');
    expect((await refusals(ids.sally!)).map((r) => r.reason)).toEqual(['replayed']);
    expect(await failures(ids.sally!)).toBe(1);
  });

  it('a local user keeps the password path: no IdP signing for them', async () => {
    const p = await requested('low');
    const refused = await call('supervisor', 'POST', `/api/permits/${p.ID}/signatures/sso`);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({ message: signingRefusals.ssoNotSsoUser });
    expect(
      expectOk(await call('supervisor', 'POST', `/api/permits/${p.ID}/commands/approve`, { password: DEMO_PASSWORD }))
        .status,
    ).toBe('approved');
    // A single sign-on user has no password to give.
    const q = await requested('low');
    const noPassword = await call('sally', 'POST', `/api/permits/${q.ID}/commands/approve`, { password: 'anything' });
    expect(noPassword.statusCode).toBe(422);
    expect(noPassword.json()).toMatchObject({ message: signingRefusals.ssoRequired });
  });
});

describe('refused answers from the identity provider: audited and counted like a wrong password', () => {
  it('another user, an old session, an expired signing, a replayed response; then the rate limit', async () => {
    const p = await requested('low', 'Refusals at the ACS');
    const expectRefused = async (back: URL, code: string, reason: string, count: number) => {
      expect(back.pathname).toBe(`/Permit/Edit/${p.ID}`);
      expect(back.searchParams.get('signingRefused')).toBe(code);
      expect(back.searchParams.get('signing')).toBeNull();
      const rows = await refusals(ids.olga!);
      expect(rows.at(-1)).toMatchObject({ reason, after: { permitId: p.ID, stage: 'Area authority' } });
      expect(await failures(ids.olga!)).toBe(count);
    };

    // Someone else signs in at the identity provider.
    const other = await startSigning('olga', p.ID);
    await expectRefused(
      await answer(other, { nameId: 'sid', authnInstant: new Date() }),
      'other-user',
      'signed in as another user',
      1,
    );

    // The identity provider answered from a session it already had (AuthnInstant before the request).
    const stale = await startSigning('olga', p.ID);
    await expectRefused(
      await answer(stale, { nameId: 'olga', authnInstant: new Date(Date.now() - 10 * 60_000) }),
      'not-fresh',
      'not a fresh sign-in',
      2,
    );

    // Too late: the signing's 5 minutes are over.
    const late = await startSigning('olga', p.ID);
    await db()
      .updateTable('signature_intents')
      .set({ expires_at: new Date(Date.now() - 1000) })
      .where('request_id', '=', late.requestId)
      .execute();
    await expectRefused(
      await answer(late, { nameId: 'olga', authnInstant: new Date() }),
      'expired',
      'signing expired',
      3,
    );

    // An answer captured once and posted again: for the same signing it is a replay; for a new
    // signing it answers a request that is no longer open (node-saml's InResponseTo check).
    const first = await startSigning('olga', p.ID);
    const second = await startSigning('olga', p.ID);
    const captured = b64(sign(responseXml({ inResponseTo: first.requestId, nameId: 'other' }), keys, 'assertion'));
    await expectRefused(await postAnswer(captured, first.relayState), 'other-user', 'signed in as another user', 4);
    await expectRefused(await postAnswer(captured, first.relayState), 'replayed', 'replayed', 5);
    await expectRefused(await postAnswer(captured, second.relayState), 'failed', 'identity provider refused', 6);

    // Five failures in the window: signing is refused before the identity provider is asked again.
    const limited = await call('olga', 'POST', `/api/permits/${p.ID}/signatures/sso`);
    expect(limited.statusCode).toBe(429);
    expect(limited.json<{ message: string }>().message).toMatch(
      /^Too many failed signatures: signing is refused for 1[45] more minutes\.$/,
    );
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    expect((await approvals(p.ID)).signatures).toEqual([]);
  });

  it('an answer to another request (a sign-in’s) is not an answer to the signing', async () => {
    const p = await requested('low', 'Answers another request');
    const started = await startSigning('sid', p.ID);
    const signInRequest = await startSignIn(t.app);
    const back = await answer(started, { nameId: 'sid', authnInstant: new Date(), inResponseTo: signInRequest });
    expect(back.searchParams.get('signingRefused')).toBe('failed');
    expect((await refusals(ids.sid!)).at(-1)).toMatchObject({
      reason: 'identity provider refused',
      after: { detail: 'answers another request' },
    });
    // A made-up signing token: back to the start page, recorded in the auth log.
    const madeUp = await postAnswer(
      b64(responseXml({ inResponseTo: started.requestId })),
      `sign:${'x'.repeat(32)}.Demo`,
    );
    expect(madeUp.pathname).toBe('/');
    const event = await db()
      .selectFrom('auth_events')
      .select('detail')
      .where('kind', '=', 'sso_failed')
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    expect(event.detail).toBe('signing: unknown signing token');
  });
});

describe('the approve command uses the signing up', () => {
  /** A signing the identity provider answered for `as`: its token. */
  async function authenticated(as: string, permitId: number): Promise<string> {
    const started = await startSigning(as, permitId);
    const back = await answer(started, { nameId: as, authnInstant: new Date() });
    return back.searchParams.get('signing')!;
  }

  it('cannot be given by someone else, or moved to another permit', async () => {
    const p = await requested('low', 'Signing of Sid');
    const q = await requested('low', 'Another permit');
    const token = await authenticated('sid', p.ID);
    const before = await failures(ids.sally!);
    const byOther = await approveWith('sally', p.ID, token);
    expect(byOther.statusCode).toBe(422);
    expect(byOther.json()).toMatchObject({ message: signingRefusals.ssoFailed });
    const moved = await approveWith('sid', q.ID, token);
    expect(moved.statusCode).toBe(422);
    expect(await failures(ids.sally!)).toBe(before + 1);
    expect((await approvals(q.ID)).signatures).toEqual([]);
    // Still Sid's for p.
    expect(expectOk(await approveWith('sid', p.ID, token)).status).toBe('approved');
  });

  it('is refused once the permit changed meanwhile, and once expired', async () => {
    const p = await requested('low', 'Changes while signing');
    const token = await authenticated('sally', p.ID);
    expectOk(
      await call(
        'worker',
        'POST',
        `/api/permits/${p.ID}/commands/edit`,
        permitCore({ riskLevel: 'low', title: 'Changed' }),
      ),
    );
    const changed = await approveWith('sally', p.ID, token);
    expect(changed.statusCode).toBe(422);
    expect(changed.json()).toMatchObject({ message: signingRefusals.ssoPermitChanged });
    expect((await refusals(ids.sally!)).at(-1)).toMatchObject({ reason: 'permit changed' });

    const fresh = await authenticated('sally', p.ID);
    await db()
      .updateTable('signature_intents')
      .set({ expires_at: new Date(Date.now() - 1000) })
      .where('user_id', '=', ids.sally!)
      .where('used_at', 'is', null)
      .execute();
    const expired = await approveWith('sally', p.ID, fresh);
    expect(expired.statusCode).toBe(422);
    expect(expired.json()).toMatchObject({ message: signingRefusals.ssoExpired });
    expect((await call('worker', 'GET', `/api/permits/${p.ID}`)).json<Permit>().status).toBe('requested');
  });
});
