import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { notificationsLabels } from '@hasp/contracts';
import { createTestApp, DEMO_PASSWORD, login, type TestApp } from './test-app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const call = (token: string, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object) =>
  t.app.inject({ method, url, headers: { authorization: `Bearer ${token}` }, ...(payload ? { payload } : {}) });
const signIn = async (username: string, password = DEMO_PASSWORD) =>
  (await login(t.app, { username, password })).json<{ token: string; refreshToken: string }>();

describe('languages and captions', () => {
  it('lists English and Spanish', async () => {
    const languages = (await t.app.inject({ url: '/api/languages?connectionStringName=Demo' })).json();
    expect(languages.map((l: { code: string }) => l.code)).toEqual(['en', 'es']);
  });

  it('translates one of the captions the server registered at start, and serves the preferred text for i18next', async () => {
    const admin = (await signIn('admin')).token;
    const caption = notificationsLabels.title;
    const spanish = (await t.app.inject({ url: '/api/languages?connectionStringName=Demo' }))
      .json()
      .find((l: { code: string }) => l.code === 'es');
    const rows = (await call(admin, 'GET', `/api/translations?languageId=${spanish.ID}`)).json();
    const row = rows.find(
      (r: { formName: string; controlName: string }) =>
        r.formName === caption.formName && r.controlName === caption.controlName,
    );
    expect(row).toMatchObject({ itemType: caption.itemType, defaultCaption: caption.defaultCaption });
    const saved = (
      await call(admin, 'PUT', `/api/translations/${row.captionID}/languages/${spanish.ID}`, {
        preferredCaption: 'Avisos',
      })
    ).json();
    expect(saved.preferredCaption).toBe('Avisos');
    const resources = async (languageCode: string) =>
      (
        await t.app.inject({ url: `/api/i18n/resources?connectionStringName=Demo&languageCode=${languageCode}` })
      ).json()[caption.itemType][caption.formName][caption.controlName];
    expect(await resources('es')).toBe('Avisos');
    expect(await resources('en')).toBe(caption.defaultCaption);
    await call(admin, 'PUT', `/api/translations/${row.captionID}/languages/${spanish.ID}`, { preferredCaption: null });
    expect(await resources('es')).toBe(caption.defaultCaption);
  });

  it('lets only holders of the Translations permission edit', async () => {
    const worker = (await signIn('worker')).token;
    expect((await call(worker, 'GET', '/api/translations?languageId=2')).statusCode).toBe(403);
    expect((await call(worker, 'PUT', '/api/translations/1/languages/2', { preferredCaption: 'x' })).statusCode).toBe(
      403,
    );
  });
});

describe('user profile', () => {
  it('updates name, e-mail and language, naming a bad e-mail', async () => {
    const { token } = await signIn('supervisor');
    const updated = (
      await call(token, 'PUT', '/api/profile', {
        displayName: 'Sam Supervisor-Reyes',
        email: 'sam@hasp.example',
        languageCode: 'es',
      })
    ).json();
    expect(updated).toMatchObject({
      displayName: 'Sam Supervisor-Reyes',
      email: 'sam@hasp.example',
      languageCode: 'es',
    });
    const bad = await call(token, 'PUT', '/api/profile', {
      displayName: 'Sam',
      email: 'not-an-email',
      languageCode: null,
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().details).toEqual([{ field: 'email', message: 'Enter a valid e-mail address' }]);
  });

  it('sets my own department and contact through an audited command, naming a bad contact and refusing a stale version', async () => {
    const { token } = await signIn('worker');
    const me = (await call(token, 'GET', '/api/profile')).json();
    const body = { displayName: me.displayName, email: me.email, languageCode: me.languageCode };
    const saved = await call(token, 'PUT', '/api/profile', {
      ...body,
      department: 'Electrical crew',
      contact: 'Radio 7',
    });
    expect(saved.statusCode).toBe(200);
    expect(saved.json()).toMatchObject({ department: 'Electrical crew', contact: 'Radio 7' });
    const userId = me.ID as number;
    const audit = await t.connections[0]!.db.selectFrom('audit_log')
      .select(['action', 'user_id', 'after'])
      .where('entity_type', '=', 'user')
      .where('entity_id', '=', String(userId))
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    expect(audit).toMatchObject({
      action: 'user.profile.update',
      user_id: userId,
      after: { department: 'Electrical crew', contact: 'Radio 7' },
    });
    const bad = await call(token, 'PUT', '/api/profile', { ...body, contact: 'ring me; now!' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().details.map((d: { field: string }) => d.field)).toEqual(['contact']);
    // Left out: unchanged.
    expect((await call(token, 'PUT', '/api/profile', body)).json()).toMatchObject({ contact: 'Radio 7' });
    // The version it was read at (If-Match): another device's save in between is a conflict, not lost.
    const stale = await t.app.inject({
      method: 'PUT',
      url: '/api/profile',
      headers: { authorization: `Bearer ${token}`, 'if-match': '"0"' },
      payload: { ...body, contact: '+1 555 0000' },
    });
    expect(stale.statusCode).toBe(409);
  });

  it('changes the password only with the current one and under the policy, and signs other devices out', async () => {
    const laptop = await signIn('contractor');
    const phone = await signIn('contractor');
    const wrong = await call(laptop.token, 'POST', '/api/profile/password', {
      currentPassword: 'nope',
      newPassword: 'a-long-enough-passphrase',
    });
    expect(wrong.json().details).toEqual([
      { field: 'currentPassword', message: 'The current password is not correct' },
    ]);
    const short = await call(laptop.token, 'POST', '/api/profile/password', {
      currentPassword: DEMO_PASSWORD,
      newPassword: 'short',
    });
    expect(short.json().details[0].message).toContain('Use 12 to 128 characters');
    const ok = await call(laptop.token, 'POST', '/api/profile/password', {
      currentPassword: DEMO_PASSWORD,
      newPassword: 'a-long-enough-passphrase',
    });
    expect(ok.statusCode).toBe(204);
    expect((await call(laptop.token, 'GET', '/api/profile')).statusCode).toBe(200);
    expect((await call(phone.token, 'GET', '/api/profile')).statusCode).toBe(401);
    expect((await login(t.app, { username: 'contractor', password: DEMO_PASSWORD })).statusCode).toBe(401);
    expect((await login(t.app, { username: 'contractor', password: 'a-long-enough-passphrase' })).statusCode).toBe(200);
  });

  it('lists my signed-in devices and revokes one, which signs that device out at once', async () => {
    const here = await signIn('worker');
    const other = await signIn('worker');
    const sessions = (await call(here.token, 'GET', '/api/profile/sessions')).json();
    expect(sessions.length).toBeGreaterThanOrEqual(2);
    expect(sessions.filter((s: { isCurrent: boolean }) => s.isCurrent)).toHaveLength(1);
    const otherSession = sessions.find((s: { isCurrent: boolean }) => !s.isCurrent);
    expect((await call(here.token, 'DELETE', `/api/profile/sessions/${otherSession.ID}`)).statusCode).toBe(204);
    expect((await call(other.token, 'GET', '/api/profile')).statusCode).toBe(401);
    expect(
      (
        await t.app.inject({
          method: 'POST',
          url: '/api/auth/tokenrefresh',
          payload: { refreshToken: other.refreshToken },
        })
      ).statusCode,
    ).toBe(401);
    expect((await call(here.token, 'GET', '/api/profile')).statusCode).toBe(200);
  });

  it("answers 404 for another user's device", async () => {
    const admin = await signIn('admin');
    const worker = await signIn('worker');
    const [adminSession] = (await call(admin.token, 'GET', '/api/profile/sessions')).json();
    expect((await call(worker.token, 'DELETE', `/api/profile/sessions/${adminSession.ID}`)).statusCode).toBe(404);
    expect((await call(admin.token, 'GET', '/api/profile')).statusCode).toBe(200);
  });
});
