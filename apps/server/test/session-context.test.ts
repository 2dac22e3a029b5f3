import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rightNavIds } from '@hasp/contracts';
import { createTestApp, login, type TestApp } from './test-app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

async function as(username: string, facilityId = 1) {
  const { token } = (await login(t.app, { username, facilityId })).json<{ token: string }>();
  return (url: string) => t.app.inject({ url, headers: { authorization: `Bearer ${token}` } });
}

describe('session context', () => {
  it("gives an administrator every right-nav permission and the facility's settings", async () => {
    const body = (await (await as('admin'))('/api/session/context')).json();
    for (const id of rightNavIds) expect(body.permissions).toContain(`rightnav:${id}`);
    expect(body.facilitySettings).toEqual({
      generalSettings: { loginTimeout: 30, infoUrl: 'https://www.osha.gov/control-hazardous-energy' },
      moduleSettings: { OfflineMode: true, CustomDashboards: true, Notifications: true },
      offlinePermitTypes: ['LOTO', 'GEN'],
      prefixes: { LOTO: 'LOTO-', LTI: 'LTI-', HOT: 'HW-', CSE: 'CSE-', ELEC: 'EW-', GEN: 'GW-' },
    });
    expect(Object.values(body.securitySettings).every(Boolean)).toBe(true);
  });

  it('gives a worker no right-nav permission, and reflects the other facility’s switched-off features', async () => {
    const worker = (await (await as('worker'))('/api/session/context')).json();
    expect(worker.permissions.filter((p: string) => p.startsWith('rightnav:'))).toEqual([]);
    expect(worker.permissions).toContain('permit:create-offline:LOTO');
    const riverside = (await (await as('supervisor', 2))('/api/session/context')).json();
    expect(riverside.securitySettings['import-manage']).toBe(false);
    expect(riverside.securitySettings.connect).toBe(false);
    expect(riverside.securitySettings['asset-manage']).toBe(true);
    expect(riverside.facilitySettings.moduleSettings.CustomDashboards).toBe(false);
  });

  it('takes a revoked permission away on the next request', async () => {
    const get = await as('supervisor');
    expect((await get('/api/session/context')).json().permissions).toContain('rightnav:asset-manage');
    const db = t.connections[0]!.db;
    const group = await db
      .selectFrom('groups')
      .select('id')
      .where('name', '=', 'Supervisors')
      .where('facility_id', '=', 1)
      .executeTakeFirstOrThrow();
    await db
      .deleteFrom('group_permissions')
      .where('group_id', '=', group.id)
      .where('permission', '=', 'rightnav:asset-manage')
      .execute();
    expect((await get('/api/session/context')).json().permissions).not.toContain('rightnav:asset-manage');
  });
});

describe('left sidebar navigation', () => {
  it('lists permit groups with links, and the offline create link only with the permission', async () => {
    const worker = (await (await as('worker'))('/api/navigation')).json();
    expect(worker.map((g: { name: string }) => g.name)).toEqual(['Isolation', 'Work Permits']);
    const links = worker.flatMap((g: { links: { ID: string; enabled: boolean }[] }) => g.links);
    expect(links.find((l: { ID: string }) => l.ID === 'LOTO-offlineCreate')).toMatchObject({
      enabled: true,
      url: '/offline/permit/LOTO/create',
    });
    expect(links.find((l: { ID: string }) => l.ID === 'GEN-offlineCreate')).toBeUndefined();
    expect(links.find((l: { ID: string }) => l.ID === 'HOT-create')).toMatchObject({ enabled: false });
    const contractor = (await (await as('contractor'))('/api/navigation')).json();
    const contractorLinks = contractor.flatMap((g: { links: { itemType: string }[] }) => g.links);
    expect(contractorLinks.some((l: { itemType: string }) => l.itemType === 'offlineCreate')).toBe(false);
  });

  it('requires sign-in', async () => {
    expect((await t.app.inject({ url: '/api/navigation' })).statusCode).toBe(401);
    expect((await t.app.inject({ url: '/api/session/context' })).statusCode).toBe(401);
  });
});
