import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, login, type TestApp } from './test-app';

/** Settings Manager, Settings Table and Facility Settings through the API, over real PostgreSQL. */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const db = () => t.connections[0]!.db;

async function as(username: string, facilityId = 1) {
  const { token } = (await login(t.app, { username, facilityId })).json<{ token: string }>();
  return (method: 'GET' | 'PUT' | 'DELETE', url: string, payload?: unknown) =>
    t.app.inject({
      method,
      url,
      headers: { authorization: `Bearer ${token}` },
      ...(payload === undefined ? {} : { payload: payload as object }),
    });
}

interface Admin {
  settings: {
    generalSettings: { loginTimeout: number; infoUrl: string };
    moduleSettings: { OfflineMode: boolean; CustomDashboards: boolean; Notifications: boolean };
    offlinePermitTypes: string[];
    prefixes: Record<string, string>;
  };
  permitTypes: { code: string; name: string }[];
}

const auditRows = (action: string) =>
  db().selectFrom('audit_log').selectAll().where('action', '=', action).orderBy('id').execute();

describe('Settings Manager', () => {
  it('saves valid settings, audits before and after, and the session context shows them at once', async () => {
    const admin = await as('admin');
    const current = (await admin('GET', '/api/admin/facility-settings')).json<Admin>();
    expect(current.permitTypes.map((p) => p.code)).toContain('HOT');
    const next = {
      ...current.settings,
      generalSettings: { loginTimeout: 45, infoUrl: 'https://example.com/plant' },
      moduleSettings: { ...current.settings.moduleSettings, Notifications: false },
      offlinePermitTypes: ['LOTO', 'HOT'],
      prefixes: { ...current.settings.prefixes, HOT: 'HOT-26' },
    };
    const saved = await admin('PUT', '/api/admin/facility-settings', next);
    expect(saved.statusCode).toBe(200);
    expect(saved.json<Admin>().settings).toEqual(next);

    const context = (await admin('GET', '/api/session/context')).json<{ facilitySettings: unknown }>();
    expect(context.facilitySettings).toEqual(next);
    // Another user of the facility gets the same on their next request.
    const worker = await as('worker');
    expect(
      (await worker('GET', '/api/session/context')).json<{ facilitySettings: unknown }>().facilitySettings,
    ).toEqual(next);

    const [audit] = await auditRows('facility.settings.update');
    expect(audit).toMatchObject({ facility_id: 1, entity_type: 'facility-settings', entity_id: '1' });
    expect(audit!.before).toEqual(current.settings);
    expect(audit!.after).toEqual(next);
    const types = await db()
      .selectFrom('permit_types')
      .select(['code', 'prefix', 'offline_enabled'])
      .where('facility_id', '=', 1)
      .where('code', 'in', ['HOT', 'GEN'])
      .orderBy('code')
      .execute();
    expect(types).toEqual([
      { code: 'GEN', prefix: 'GW-', offline_enabled: false },
      { code: 'HOT', prefix: 'HOT-26', offline_enabled: true },
    ]);
    // The other facility is untouched.
    const riverside = (await (await as('supervisor', 2))('GET', '/api/session/context')).json<{
      facilitySettings: Admin['settings'];
    }>();
    expect(riverside.facilitySettings.moduleSettings.Notifications).toBe(true);
  });

  it('refuses bad values with messages naming each field, and changes nothing', async () => {
    const admin = await as('admin');
    const before = (await admin('GET', '/api/admin/facility-settings')).json<Admin>().settings;
    const auditsBefore = (await auditRows('facility.settings.update')).length;
    const response = await admin('PUT', '/api/admin/facility-settings', {
      ...before,
      generalSettings: { loginTimeout: 0, infoUrl: 'javascript:alert(1)' },
      offlinePermitTypes: ['NOPE'],
      prefixes: { LOTO: 'has space', ZZZ: 'Z-' },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json<{ details: unknown[] }>().details).toEqual([
      { field: 'generalSettings.loginTimeout', message: 'Login timeout: enter whole minutes from 1 to 1440.' },
      {
        field: 'generalSettings.infoUrl',
        message: 'Info URL: enter an address starting with http:// or https://, or leave it empty.',
      },
      { field: 'offlinePermitTypes', message: 'Offline permit types: NOPE is not a permit type of this facility.' },
      { field: 'prefixes.LOTO', message: 'Prefix for LOTO: use 1 to 10 letters, digits or hyphens.' },
      { field: 'prefixes.ZZZ', message: 'Prefixes: ZZZ is not a permit type of this facility.' },
    ]);
    expect((await admin('GET', '/api/admin/facility-settings')).json<Admin>().settings).toEqual(before);
    expect((await auditRows('facility.settings.update')).length).toBe(auditsBefore);
    const fraction = await admin('PUT', '/api/admin/facility-settings', {
      ...before,
      generalSettings: { ...before.generalSettings, loginTimeout: 2.5 },
    });
    expect(fraction.json<{ message: string }>().message).toBe('Login timeout: enter whole minutes from 1 to 1440.');
  });

  it('tells the facility’s open browsers to fetch their session context again (context-changed)', async () => {
    const listener = new pg.Client({ connectionString: t.connections[0]!.url });
    await listener.connect();
    try {
      await listener.query('listen hasp_context');
      const heard = new Promise<string | undefined>((resolve) =>
        listener.on('notification', (m) => resolve(m.payload)),
      );
      const admin = await as('admin');
      const current = (await admin('GET', '/api/admin/facility-settings')).json<Admin>();
      expect((await admin('PUT', '/api/admin/facility-settings', current.settings)).statusCode).toBe(200);
      expect(JSON.parse((await heard) ?? '{}')).toEqual({ facilityId: 1 });
    } finally {
      await listener.end();
    }
  });

  it('is refused to users without the right-nav permission', async () => {
    const supervisor = await as('supervisor');
    expect((await supervisor('GET', '/api/admin/facility-settings')).statusCode).toBe(403);
    const worker = await as('worker');
    expect((await worker('PUT', '/api/admin/facility-settings', {})).statusCode).toBeGreaterThanOrEqual(400);
  });
});

interface Entry {
  key: string;
  scope: string;
  type: string;
  default: unknown;
  value: unknown;
  source: string;
}

describe('Settings Table', () => {
  it('lists every setting: the catalogue and the facility settings, with scope, type, default and value', async () => {
    const admin = await as('admin');
    const entries = (await admin('GET', '/api/admin/settings')).json<Entry[]>();
    const byKey = new Map(entries.map((e) => [e.key, e]));
    expect(byKey.get('security.lockoutThreshold')).toMatchObject({
      scope: 'connection',
      type: 'integer',
      default: 10,
      value: 10,
      source: 'settings-table',
    });
    expect(byKey.get('moduleSettings.OfflineMode')).toMatchObject({
      scope: 'facility',
      type: 'boolean',
      default: true,
    });
    expect(byKey.get('prefixes.LOTO')).toMatchObject({
      scope: 'facility',
      type: 'text',
      value: 'LOTO-',
      default: null,
    });
    expect(byKey.get('offlinePermitTypes.LOTO')).toMatchObject({ type: 'boolean', value: true });
    for (const entry of entries) expect(typeof (entry as { description?: unknown }).description).toBe('string');
  });

  it('edits a catalogue setting and a facility setting, validated and audited', async () => {
    const admin = await as('admin');
    const threshold = await admin('PUT', '/api/admin/settings/security.lockoutThreshold', { value: 6 });
    expect(threshold.statusCode).toBe(200);
    expect(threshold.json<Entry>().value).toBe(6);
    const tooLow = await admin('PUT', '/api/admin/settings/security.lockoutThreshold', { value: 1 });
    expect(tooLow.statusCode).toBe(400);
    expect(tooLow.json<{ message: string }>().message).toBe('Enter a number from 3 to 100');

    const timeout = await admin('PUT', '/api/admin/settings/generalSettings.loginTimeout', { value: 20 });
    expect(timeout.json<Entry>().value).toBe(20);
    const context = (await admin('GET', '/api/session/context')).json<{ facilitySettings: Admin['settings'] }>();
    expect(context.facilitySettings.generalSettings.loginTimeout).toBe(20);
    const badTimeout = await admin('PUT', '/api/admin/settings/generalSettings.loginTimeout', { value: 5000 });
    expect(badTimeout.json()).toMatchObject({
      details: [
        { field: 'generalSettings.loginTimeout', message: 'Login timeout: enter whole minutes from 1 to 1440.' },
      ],
    });
    const wrongType = await admin('PUT', '/api/admin/settings/moduleSettings.CustomDashboards', { value: 'yes' });
    expect(wrongType.statusCode).toBe(400);
    const offline = await admin('PUT', '/api/admin/settings/offlinePermitTypes.GEN', { value: true });
    expect(offline.json<Entry>().value).toBe(true);
    const prefix = await admin('PUT', '/api/admin/settings/prefixes.GEN', { value: 'G/W' });
    expect(prefix.json<{ message: string }>().message).toBe('Prefix for GEN: use 1 to 10 letters, digits or hyphens.');
    expect((await admin('PUT', '/api/admin/settings/nothing.here', { value: 1 })).statusCode).toBe(404);

    const audits = await db()
      .selectFrom('audit_log')
      .select(['action', 'entity_id'])
      .where('action', 'in', ['setting.update', 'facility.settings.update'])
      .execute();
    expect(audits).toEqual(
      expect.arrayContaining([
        { action: 'setting.update', entity_id: 'security.lockoutThreshold' },
        { action: 'facility.settings.update', entity_id: '1' },
      ]),
    );
  });

  it('never shows a secret: no value in the list, the answer or the audit, only whether it is set', async () => {
    const admin = await as('admin');
    const secretOf = async () =>
      (await admin('GET', '/api/admin/settings')).json<Entry[]>().find((e) => e.key === 'ldap.bindPassword');
    expect(await secretOf()).toMatchObject({ type: 'text', value: '', secret: true, isSet: false });
    const saved = await admin('PUT', '/api/admin/settings/ldap.bindPassword', { value: 'the-service-secret' });
    expect(saved.statusCode).toBe(200);
    expect(saved.json()).toMatchObject({ value: '', secret: true, isSet: true });
    expect(await secretOf()).toMatchObject({ value: '', isSet: true });
    expect(JSON.stringify((await admin('GET', '/api/admin/settings')).json())).not.toContain('the-service-secret');
    // Still validated like any text setting.
    expect((await admin('PUT', '/api/admin/settings/ldap.bindPassword', { value: 'x'.repeat(501) })).statusCode).toBe(
      400,
    );
    const audit = await db()
      .selectFrom('audit_log')
      .select(['before', 'after'])
      .where('entity_id', '=', 'ldap.bindPassword')
      .executeTakeFirstOrThrow();
    expect(audit).toEqual({ before: { isSet: false }, after: { value: '(secret changed)', isSet: true } });
    expect(JSON.stringify(audit)).not.toContain('the-service-secret');
    // Other settings still show their values.
    const url = await admin('PUT', '/api/admin/settings/ldap.url', { value: 'ldaps://dc1.corp.example.com:636' });
    expect(url.json()).toMatchObject({ value: 'ldaps://dc1.corp.example.com:636' });
    expect(url.json<Entry>()).not.toHaveProperty('secret');
  });
});

const png = Buffer.concat([
  Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
  Buffer.from(
    '0000000d49484452000000010000000108060000001f15c4890000000d4944415478da63f8cfc0f01f0005000201a0a4e5d60000000049454e44ae426082',
    'hex',
  ),
]);
const svg =
  '<?xml version="1.0"?><svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 10 10"><rect width="10" height="10" fill="#c00"/></svg>';
const b64 = (data: Buffer | string) => Buffer.from(data).toString('base64');

describe('Settings Table as commands', () => {
  it('keeps both of two concurrent edits of different facility settings', async () => {
    const admin = await as('admin');
    for (let round = 1; round <= 5; round++) {
      const timeout = 20 + round;
      const url = `https://example.com/round-${round}`;
      const [a, b] = await Promise.all([
        admin('PUT', '/api/admin/settings/generalSettings.loginTimeout', { value: timeout }),
        admin('PUT', '/api/admin/settings/generalSettings.infoUrl', { value: url }),
      ]);
      expect([a.statusCode, b.statusCode]).toEqual([200, 200]);
      const settings = (await admin('GET', '/api/admin/facility-settings')).json<Admin>().settings;
      expect(settings.generalSettings).toEqual({ loginTimeout: timeout, infoUrl: url });
    }
  });

  it('applies a change sent twice with one Idempotency-Key once, answers the same, and refuses the key with another value', async () => {
    const { token } = (await login(t.app, { username: 'admin' })).json<{ token: string }>();
    const put = (value: number, headers: Record<string, string> = {}) =>
      t.app.inject({
        method: 'PUT',
        url: '/api/admin/settings/generalSettings.loginTimeout',
        headers: { authorization: `Bearer ${token}`, 'idempotency-key': 'settings-key-1', ...headers },
        payload: { value },
      });
    const before = (await auditRows('facility.settings.update')).length;
    const first = await put(33);
    const again = await put(33);
    expect(first.statusCode).toBe(200);
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual(first.json());
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.headers.etag).toBe(first.headers.etag);
    expect((await auditRows('facility.settings.update')).length).toBe(before + 1);
    const other = await put(34);
    expect(other.statusCode).toBe(422);
    expect(other.json()).toMatchObject({ code: 'IDEMPOTENCY_KEY_REUSED' });
  });

  it('refuses an edit made on a stale version (If-Match) with 409 and the current version', async () => {
    const admin = await as('admin');
    const { token } = (await login(t.app, { username: 'admin' })).json<{ token: string }>();
    const seen = await admin('PUT', '/api/admin/settings/generalSettings.loginTimeout', { value: 40 });
    const version = Number(JSON.parse(seen.headers.etag as string));
    await admin('PUT', '/api/admin/settings/generalSettings.loginTimeout', { value: 41 });
    const stale = await t.app.inject({
      method: 'PUT',
      url: '/api/admin/settings/generalSettings.loginTimeout',
      headers: { authorization: `Bearer ${token}`, 'if-match': `"${version}"` },
      payload: { value: 42 },
    });
    expect(stale.statusCode).toBe(409);
    expect(stale.json()).toMatchObject({
      code: 'CONFLICT',
      details: [{ field: 'version', message: String(version + 1) }],
    });
    const settings = (await admin('GET', '/api/admin/facility-settings')).json<Admin>().settings;
    expect(settings.generalSettings.loginTimeout).toBe(41);
  });
});

describe('Facility Settings', () => {
  it('edits the profile with validated time zone and language, audited', async () => {
    const admin = await as('admin');
    const before = (await admin('GET', '/api/facility-profile')).json<{ name: string; timeZone: string }>();
    expect(before).toMatchObject({ ID: 1, name: 'North Plant', timeZone: 'America/Chicago', logo: null });
    const bad = await admin('PUT', '/api/facility-profile', {
      name: ' ',
      address: '',
      timeZone: 'Mars/Olympus',
      defaultLanguageCode: null,
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json<{ details: { field: string }[] }>().details[0]!.field).toBe('name');
    const badZone = await admin('PUT', '/api/facility-profile', {
      name: 'North Plant',
      address: '',
      timeZone: 'Mars/Olympus',
      defaultLanguageCode: 'xx',
    });
    expect(badZone.json<{ details: unknown }>().details).toEqual([
      { field: 'timeZone', message: 'Time zone: choose a time zone from the list (an IANA name).' },
      { field: 'defaultLanguageCode', message: 'Default language: choose one of the languages.' },
    ]);
    const saved = await admin('PUT', '/api/facility-profile', {
      name: 'North Plant',
      address: '1 Main St',
      timeZone: 'Europe/Berlin',
      defaultLanguageCode: 'es',
    });
    expect(saved.json()).toMatchObject({ address: '1 Main St', timeZone: 'Europe/Berlin', defaultLanguageCode: 'es' });
    const [audit] = await auditRows('facility.profile.update');
    expect(audit).toMatchObject({ before: { timeZone: 'America/Chicago' }, after: { timeZone: 'Europe/Berlin' } });
    const supervisor = await as('supervisor');
    const refused = await supervisor('PUT', '/api/facility-profile', {
      name: 'Taken over',
      address: '',
      timeZone: 'UTC',
      defaultLanguageCode: null,
    });
    expect(refused.statusCode).toBe(403);
  });

  it('takes a PNG or a plain SVG logo and serves it only to its facility, with its type and nosniff', async () => {
    const admin = await as('admin');
    expect((await admin('GET', '/api/facilities/1/logo')).statusCode).toBe(404);
    const saved = await admin('PUT', '/api/facility-profile/logo', { contentType: 'image/png', data: b64(png) });
    expect(saved.statusCode).toBe(200);
    expect(saved.json<{ logo: { type: string } }>().logo.type).toBe('image/png');
    const served = await (await as('worker'))('GET', '/api/facilities/1/logo');
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/png');
    expect(served.headers['x-content-type-options']).toBe('nosniff');
    expect(served.rawPayload.equals(png)).toBe(true);
    // Another facility's caller sees nothing of it.
    expect((await (await as('supervisor', 2))('GET', '/api/facilities/1/logo')).statusCode).toBe(404);

    expect(
      (await admin('PUT', '/api/facility-profile/logo', { contentType: 'image/svg+xml', data: b64(svg) })).statusCode,
    ).toBe(200);
    const svgServed = await admin('GET', '/api/facilities/1/logo');
    expect(svgServed.headers['content-type']).toBe('image/svg+xml');
    expect(svgServed.headers['content-security-policy']).toContain('sandbox');
    const audits = await auditRows('facility.logo.update');
    expect(audits).toHaveLength(2);
    expect(audits[1]).toMatchObject({
      before: { type: 'image/png', bytes: png.length },
      after: { type: 'image/svg+xml' },
    });

    expect((await admin('DELETE', '/api/facility-profile/logo')).json<{ logo: unknown }>().logo).toBeNull();
    expect((await admin('GET', '/api/facilities/1/logo')).statusCode).toBe(404);
  });

  it('refuses a renamed binary, an oversize file and an SVG that scripts or loads', async () => {
    const admin = await as('admin');
    const upload = (contentType: string, data: Buffer | string) =>
      admin('PUT', '/api/facility-profile/logo', { contentType, data: b64(data) });
    const message = async (response: Awaited<ReturnType<typeof upload>>) => {
      expect(response.statusCode).toBe(400);
      return response.json<{ message: string }>().message;
    };
    const zip = Buffer.from('504b0304140000000800', 'hex');
    expect(await message(await upload('image/png', zip))).toBe(
      'Logo: the file’s content is not a PNG image (was it renamed?).',
    );
    expect(await message(await upload('image/jpeg', png))).toBe(
      'Logo: the file’s content is not a JPEG image (was it renamed?).',
    );
    expect(await message(await upload('image/svg+xml', png))).toBe(
      'Logo: the file’s content is not a SVG image (was it renamed?).',
    );
    const big = Buffer.concat([png, Buffer.alloc(256 * 1024)]);
    expect(await message(await upload('image/png', big))).toBe('Logo: the file is larger than 256 KB.');
    for (const evil of [
      '<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>',
      '<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"></svg>',
      '<svg xmlns="http://www.w3.org/2000/svg"><image href="https://evil.example/x.png"/></svg>',
      '<svg xmlns="http://www.w3.org/2000/svg"><style>@import url(https://evil.example/a.css);</style></svg>',
    ]) {
      expect(await message(await upload('image/svg+xml', evil))).toBe(
        'Logo: the SVG contains scripts, event handlers or external references. Export it as a plain SVG.',
      );
    }
    expect((await upload('image/gif', png)).statusCode).toBe(400);
    expect(await auditRows('facility.logo.update')).toHaveLength(2);
    expect((await admin('GET', '/api/facilities/1/logo')).statusCode).toBe(404);
  });
});
