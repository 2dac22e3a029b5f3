import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readSetting } from '../src/modules/settings/setting-values';
import { writeSetting } from './support/write-setting';
import { createTestApp, type TestApp } from './test-app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const db = () => t.connections[0]!.db;
const adminId = async () =>
  (await db().selectFrom('users').select('id').where('user_name', '=', 'admin').executeTakeFirstOrThrow()).id;

describe('the settings table', () => {
  it('gives the default until a value is stored, then the value, and audits the change', async () => {
    expect(await readSetting(db(), 'security.lockoutThreshold')).toBe(10);
    const userId = await adminId();
    await writeSetting(db(), {
      key: 'security.lockoutThreshold',
      value: 5,
      facilityId: null,
      userId,
      auditFacilityId: 1,
    });
    expect(await readSetting(db(), 'security.lockoutThreshold')).toBe(5);
    const audit = await db()
      .selectFrom('audit_log')
      .selectAll()
      .where('entity_id', '=', 'security.lockoutThreshold')
      .executeTakeFirstOrThrow();
    expect(audit).toMatchObject({
      user_id: userId,
      action: 'setting.update',
      before: { value: 10 },
      after: { value: 5 },
    });
  });

  it('refuses a value outside its definition, naming the problem, and stores nothing', async () => {
    const userId = await adminId();
    await expect(
      writeSetting(db(), { key: 'security.passwordMinLength', value: 3, facilityId: null, userId, auditFacilityId: 1 }),
    ).rejects.toMatchObject({ code: 'VALIDATION_FAILED', message: 'Enter a number from 8 to 128' });
    expect(await readSetting(db(), 'security.passwordMinLength')).toBe(12);
  });
});
