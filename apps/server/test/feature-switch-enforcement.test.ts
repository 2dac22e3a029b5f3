import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, DEMO_PASSWORD, login, type TestApp } from './test-app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const db = () => t.connections[0]!.db;
const setFeature = (enabled: boolean) =>
  db()
    .updateTable('facility_security_settings')
    .set({ enabled })
    .where('facility_id', '=', 1)
    .where('feature', '=', 'translations')
    .execute();

describe('security lists on the server', () => {
  it('refuses a switched-off feature’s API even to holders of its permission', async () => {
    const { token } = (await login(t.app, { username: 'admin', password: DEMO_PASSWORD })).json<{ token: string }>();
    const get = () =>
      t.app.inject({ url: '/api/translations?languageId=1', headers: { authorization: `Bearer ${token}` } });
    expect((await get()).statusCode).toBe(200);
    await setFeature(false);
    const refused = await get();
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe('This feature is switched off for this facility');
    await setFeature(true);
    expect((await get()).statusCode).toBe(200);
  });
});
