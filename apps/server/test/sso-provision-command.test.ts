import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EventBus } from '../src/platform';
import { ssoUser } from '../src/modules/sso/sso-user';
import type { SamlSettings } from '../src/modules/sso/sso-settings';
import { recordCounts, recordsOfRequest } from './support/command-app';
import { createTestApp, type TestApp } from './test-app';

// A single sign-on user's first sign-in provisions them by a command run as the system
// (`user.provision`): one user, one audit row and one event, whatever the number of sign-ins at once.

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const connection = () => t.connections[0]!;
const db = () => connection().db;
const events = new EventBus(() => {});
const settings = (provisionUsers: boolean) => ({ provisionUsers, provisionFacilityId: 1 }) as SamlSettings;
const signIn = (userName: string, provisionUsers = true) =>
  ssoUser(events, connection(), userName, settings(provisionUsers), `${userName}@hasp.example`, {
    address: '10.0.0.7',
    now: new Date(),
  });

describe('user.provision', () => {
  it('makes one user for sign-ins at once, audited as the system from the sign-in address', async () => {
    const [audits, events] = await recordCounts(db());
    const users = await Promise.all([signIn('sso.first'), signIn('sso.first'), signIn('sso.first')]);
    expect(new Set(users.map((u) => u.id)).size).toBe(1);
    expect(await recordCounts(db())).toEqual([audits + 1, events + 1]);
    const id = String(users[0].id);
    expect(await recordsOfRequest(db(), 'system:user.provision:sso.first')).toMatchObject({
      audits: [{ action: 'user.provision', entity_type: 'user', entity_id: id, address: '10.0.0.7' }],
      events: [{ name: 'user.provisioned', entity_type: 'user', entity_id: id }],
    });
    const row = await db()
      .selectFrom('audit_log')
      .select(['user_id', 'facility_id'])
      .where('action', '=', 'user.provision')
      .where('entity_id', '=', id)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ user_id: null, facility_id: 1 });
    const facilities = await db()
      .selectFrom('user_facilities')
      .select('facility_id')
      .where('user_id', '=', Number(id))
      .execute();
    expect(facilities).toEqual([{ facility_id: 1 }]);
  });

  it('refused when provisioning is off: no user, no row, no event', async () => {
    const before = await recordCounts(db());
    await expect(signIn('sso.refused', false)).rejects.toThrow(/provisioning is off/);
    expect(await recordCounts(db())).toEqual(before);
    expect(await db().selectFrom('users').select('id').where('user_name', '=', 'sso.refused').execute()).toEqual([]);
  });
});
