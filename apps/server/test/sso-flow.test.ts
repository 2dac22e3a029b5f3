import { DOMParser } from '@xmldom/xmldom';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ACS_URL,
  SP_BASE,
  b64,
  configureSso,
  responseXml,
  sign,
  spEntityId,
  startSignIn,
  throwawayKeyPair,
} from './sso-idp';
import { DEMO_PASSWORD, createTestApp, type TestApp } from './test-app';

/** Single sign-on end to end through the API: settings, redirect, metadata, ACS, token and SSO login. */
let t: TestApp;
let cert: string;
let samlResponseFor: (userName: string) => Promise<string>;
const demo = () => t.connections[0]!.db;
const off = { useSSO: false, stilUseSSO: false, spAPIRedirect: '' };

beforeAll(async () => {
  t = await createTestApp({ connections: ['Demo', 'Second'] });
  const keys = throwawayKeyPair('hasp-flow-idp');
  cert = keys.cert;
  samlResponseFor = async (nameId) =>
    b64(sign(responseXml({ inResponseTo: await startSignIn(t.app), nameId }), keys, 'assertion'));
});
afterAll(() => t.close());

const idpSettings = async (query = '') =>
  (await t.app.inject({ url: `/api/saml/idpgetsettings${query}` })).json<Record<string, unknown>>();
const pageDataSso = async () =>
  (await t.app.inject({ url: '/api/login/pagedata?connectionStringName=Demo' })).json<{
    identityProviderSettings: unknown;
  }>().identityProviderSettings;
async function tokenFor(userName: string): Promise<string> {
  const response = await t.app.inject({
    method: 'POST',
    url: '/api/saml/samllogin',
    payload: { samlResponse: await samlResponseFor(userName), connectionStringName: 'Demo' },
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<{ token: string }>().token;
}
const facilities = (token: string, connection = 'Demo') =>
  t.app.inject({
    url: `/api/stiluser/getactivefacilitiesforssouser?token=${encodeURIComponent(token)}&connectionStringName=${connection}`,
  });
const ssoLogin = (token: string, facilityId = 1, connectionStringName = 'Demo') =>
  t.app.inject({ method: 'POST', url: '/api/login/sso', payload: { connectionStringName, facilityId, token } });

describe('single sign-on settings', () => {
  it('is off until configured and complete, and on for that connection only', async () => {
    expect(await idpSettings()).toEqual(off);
    expect(await pageDataSso()).toEqual(off);
    expect((await t.app.inject({ url: '/api/saml/login?connectionStringName=Demo' })).statusCode).toBe(404);
    expect((await t.app.inject({ url: '/api/saml/metadata/Demo' })).statusCode).toBe(404);

    await configureSso(demo(), 'not a certificate');
    expect(await idpSettings('?connectionStringName=Demo')).toEqual(off);

    await configureSso(demo(), cert);
    const on = { useSSO: true, stilUseSSO: true, spAPIRedirect: '/api/saml/login?connectionStringName=Demo' };
    expect(await idpSettings('?connectionStringName=Demo')).toEqual(on);
    expect(await pageDataSso()).toEqual(on);
    expect(await idpSettings('?connectionStringName=Second')).toEqual(off);
    expect((await t.app.inject({ url: '/api/saml/idpgetsettings?connectionStringName=Nope' })).statusCode).toBe(404);
  });

  it('redirects to the identity provider with an AuthnRequest whose ID is stored', async () => {
    const response = await t.app.inject({ url: '/api/saml/login?connectionStringName=Demo' });
    expect(response.statusCode).toBe(302);
    const location = new URL(response.headers.location!);
    expect(location.origin + location.pathname).toBe('https://idp.test/sso');
    expect(location.searchParams.get('RelayState')).toBe('Demo');
    const id = await startSignIn(t.app);
    const stored = await demo().selectFrom('saml_requests').selectAll().where('request_id', '=', id).executeTakeFirst();
    expect(stored!.expires_at.getTime() - Date.now()).toBeGreaterThan(9 * 60_000);
  });

  it('publishes well-formed service provider metadata with the ACS URL', async () => {
    const response = await t.app.inject({ url: '/api/saml/metadata/Demo' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toContain('xml');
    const doc = new DOMParser({
      onError: (level, message) => {
        throw new Error(`${level}: ${message}`);
      },
    }).parseFromString(response.body, 'text/xml');
    const root = doc.documentElement!;
    expect(root.localName).toBe('EntityDescriptor');
    expect(root.getAttribute('entityID')).toBe(spEntityId('Demo'));
    const acs = doc.getElementsByTagNameNS('urn:oasis:names:tc:SAML:2.0:metadata', 'AssertionConsumerService')[0]!;
    expect(acs.getAttribute('Location')).toBe(ACS_URL);
    expect(acs.getAttribute('Binding')).toBe('urn:oasis:names:tc:SAML:2.0:bindings:HTTP-POST');
    expect(response.body).toContain('urn:oasis:names:tc:SAML:1.1:nameid-format:unspecified');
    expect(ACS_URL.startsWith(SP_BASE)).toBe(true);
  });
});

describe('the identity provider form POST', () => {
  it('answers 303 to the login screen with a token, or with ssoError', async () => {
    const form = (samlResponse: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/saml/samllogin',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload: new URLSearchParams({ SAMLResponse: samlResponse, RelayState: 'Demo' }).toString(),
      });
    const ok = await form(await samlResponseFor('worker'));
    expect(ok.statusCode).toBe(303);
    const location = new URL(ok.headers.location!, 'https://hasp.test');
    expect(location.pathname).toBe('/login');
    expect(location.searchParams.get('connectionStringName')).toBe('Demo');
    const token = location.searchParams.get('ssoToken')!;
    expect((await facilities(token)).json()).toEqual({ facilities: [expect.objectContaining({ ID: 1 })] });

    const bad = await form(b64(responseXml({ inResponseTo: await startSignIn(t.app) })));
    expect(bad.statusCode).toBe(303);
    expect(bad.headers.location).toBe('/login?ssoError=1&connectionStringName=Demo');
    const huge = await form('A'.repeat(300 * 1024));
    expect(huge.statusCode).toBe(303);
    expect(huge.headers.location).toContain('ssoError=1');
  });
});

describe('the one-time SSO token', () => {
  it('lists the facilities, signs in once, and is refused afterwards', async () => {
    const token = await tokenFor('supervisor');
    const first = await facilities(token);
    expect(first.statusCode).toBe(200);
    expect(first.json<{ facilities: { ID: number }[] }>().facilities.map((f) => f.ID)).toEqual([1, 2]);
    expect((await facilities(token)).statusCode).toBe(200); // not used up by the query

    const login = await ssoLogin(token, 2);
    expect(login.statusCode, login.body).toBe(200);
    const result = login.json<{ user: { userName: string }; facility: { ID: number }; loggedInViaSSO: boolean }>();
    expect(result).toMatchObject({ user: { userName: 'supervisor' }, facility: { ID: 2 }, loggedInViaSSO: true });
    expect(login.headers['set-cookie']).toContain('hasp_rt=');
    const family = await demo()
      .selectFrom('refresh_tokens')
      .select('via_sso')
      .orderBy('created_at', 'desc')
      .executeTakeFirstOrThrow();
    expect(family.via_sso).toBe(true);
    const refreshed = await t.app.inject({
      method: 'POST',
      url: '/api/auth/tokenrefresh',
      payload: { refreshToken: login.json<{ refreshToken: string }>().refreshToken },
    });
    expect(refreshed.json()).toMatchObject({ loggedInViaSSO: true });

    const again = await ssoLogin(token, 2);
    expect(again.statusCode).toBe(401);
    expect(again.json()).toMatchObject({ code: 'INVALID_CREDENTIALS' });
    expect((await facilities(token)).json()).toMatchObject({ code: 'SSO_TOKEN_INVALID' });
  });

  it('refuses an expired token, a token of another connection, and a facility the user may not use', async () => {
    const expired = await tokenFor('admin');
    await demo()
      .updateTable('sso_tokens')
      .set({ expires_at: new Date(Date.now() - 1000) })
      .where('used_at', 'is', null)
      .execute();
    expect((await facilities(expired)).statusCode).toBe(401);
    expect((await ssoLogin(expired)).statusCode).toBe(401);

    const elsewhere = await tokenFor('admin');
    expect((await facilities(elsewhere, 'Second')).statusCode).toBe(401);
    expect((await ssoLogin(elsewhere, 1, 'Second')).statusCode).toBe(401);

    const worker = await tokenFor('worker');
    const refused = await ssoLogin(worker, 2);
    expect(refused.statusCode).toBe(401);
    expect(refused.json()).toMatchObject({ code: 'INVALID_CREDENTIALS' });
    const events = await demo().selectFrom('auth_events').select('detail').where('kind', '=', 'sso_failed').execute();
    expect(events.map((e) => e.detail)).toEqual(
      expect.arrayContaining(['token invalid, used or expired', 'no facility access']),
    );

    const password = await t.app.inject({
      method: 'POST',
      url: '/api/login',
      payload: { connectionStringName: 'Demo', facilityId: 1, username: 'worker', password: DEMO_PASSWORD },
    });
    expect(password.json()).toMatchObject({ loggedInViaSSO: false });
  });
});
