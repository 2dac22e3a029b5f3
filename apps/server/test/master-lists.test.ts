import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { masterListKeys } from '@hasp/contracts';
import { startSecondInstance } from './support/second-instance';
import { asSuperuser, createTestApp, login, type TestApp } from './test-app';

/**
 * Master List Manage over the real server and PostgreSQL: list types and items, the rules of
 * create, caption, deactivate, delete and reorder, captions through the translations table,
 * pickers versus old records, the audit trail, facility scoping and the permission.
 */
let t: TestApp;
const tokens: Record<string, string> = {};
const db = () => t.connections[0]!.db;

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
const call = (as: string, method: Method, url: string, payload?: object) =>
  t.app.inject({ method, url, headers: { authorization: `Bearer ${tokens[as]}` }, ...(payload ? { payload } : {}) });

interface Item {
  ID: number;
  listKey: string;
  value: string;
  caption: string;
  sortOrder: number;
  isActive: boolean;
  usageCount: number;
  version: number;
}
const items = async (listKey: string, as = 'admin') => {
  const response = await call(as, 'GET', `/api/master-lists/${listKey}/items`);
  expect(response.statusCode).toBe(200);
  return response.json<Item[]>();
};
const picker = async (listKey: string, as = 'worker') => {
  const response = await call(as, 'GET', `/api/assets/master-lists/${listKey}`);
  expect(response.statusCode).toBe(200);
  return response.json<{ ID: number; value: string; caption: string }[]>();
};
const create = (listKey: string, body: object, as = 'admin') =>
  call(as, 'POST', `/api/master-lists/${listKey}/items`, body);
const auditRows = (action: string) =>
  db().selectFrom('audit_log').selectAll().where('action', '=', action).orderBy('id').execute();

beforeAll(async () => {
  t = await createTestApp();
  for (const username of ['admin', 'worker', 'supervisor']) {
    tokens[username] = (await login(t.app, { username })).json<{ token: string }>().token;
  }
  tokens.adminRiverside = (await login(t.app, { username: 'admin', facilityId: 2 })).json<{ token: string }>().token;
});
afterAll(() => t.close());

describe('list types', () => {
  it('lists every list type with its counts, seeded in every demo facility', async () => {
    for (const as of ['admin', 'adminRiverside']) {
      const response = await call(as, 'GET', '/api/master-lists');
      expect(response.statusCode).toBe(200);
      const types = response.json<{ listKey: string; itemCount: number; activeCount: number }[]>();
      expect(types.map((x) => x.listKey)).toEqual([...masterListKeys]);
      for (const type of types) expect(type.itemCount).toBeGreaterThanOrEqual(5);
    }
    const legends = await items('tag-legends');
    expect(legends[0]).toMatchObject({ value: 'DANGER — DO NOT OPERATE', caption: 'DANGER — DO NOT OPERATE' });
    // The two asset lists keep working as before.
    expect((await picker('energy-types')).map((i) => i.value)).toContain('electrical');
  });

  it('counts how many records use each item', async () => {
    const energy = await items('energy-types');
    expect(energy.find((i) => i.value === 'electrical')!.usageCount).toBe(1);
    expect(energy.find((i) => i.value === 'gravity')!.usageCount).toBe(0);
  });
});

describe('create', () => {
  it('adds a trimmed value at the end of the list with its caption, audited', async () => {
    const before = await items('ppe');
    const response = await create('ppe', {
      value: '  Cut-resistant sleeves  ',
      caption: 'Cut-resistant sleeves (ANSI A4)',
    });
    expect(response.statusCode).toBe(201);
    const item = response.json<Item>();
    expect(item).toMatchObject({
      value: 'Cut-resistant sleeves',
      caption: 'Cut-resistant sleeves (ANSI A4)',
      isActive: true,
      usageCount: 0,
    });
    expect(item.sortOrder).toBeGreaterThan(Math.max(...before.map((i) => i.sortOrder)));
    expect((await items('ppe')).at(-1)!.ID).toBe(item.ID);
    const audit = (await auditRows('master-list.item.create')).at(-1)!;
    expect(audit).toMatchObject({ entity_type: 'master_list_items', entity_id: String(item.ID), facility_id: 1 });
    // The caption is a row of the translations table.
    const caption = await db()
      .selectFrom('captions')
      .selectAll()
      .where('item_type', '=', 'MasterList')
      .where('form_name', '=', 'ppe')
      .where('control_name', '=', String(item.ID))
      .executeTakeFirstOrThrow();
    expect(caption.default_caption).toBe('Cut-resistant sleeves (ANSI A4)');
  });

  it('uses the value as the caption when none is given', async () => {
    const response = await create('crafts', { value: 'Boilermaker' });
    expect(response.statusCode).toBe(201);
    expect(response.json<Item>().caption).toBe('Boilermaker');
  });

  it('refuses a value already in the list, whatever its case, naming the field', async () => {
    const response = await create('energy-types', { value: 'Electrical' });
    expect(response.statusCode).toBe(409);
    expect(response.json()).toMatchObject({
      message: expect.stringContaining('already in this list'),
      details: [{ field: 'value' }],
    });
    // The same value in another list is fine.
    expect((await create('departments', { value: 'electrical contractors' })).statusCode).toBe(201);
  });

  it('refuses an empty, too long or |-containing value and a too long caption, naming the field', async () => {
    const cases: [object, string, RegExp][] = [
      [{ value: '   ' }, 'value', /Value is required/],
      [{ value: 'x'.repeat(101) }, 'value', /Value: at most 100 characters/],
      [{ value: 'a|b' }, 'value', /Value: the character \| is not allowed/],
      [{ value: 'ok', caption: 'y'.repeat(201) }, 'caption', /Caption: at most 200 characters/],
    ];
    for (const [body, field, message] of cases) {
      const response = await create('hazards', body);
      expect(response.statusCode).toBe(400);
      const error = response.json<{ details: { field: string; message: string }[] }>();
      expect(error.details.find((d) => d.field === field)?.message).toMatch(message);
    }
    expect((await call('admin', 'POST', '/api/master-lists/not-a-list/items', { value: 'x' })).statusCode).toBe(400);
  });
});

describe('captions', () => {
  it('renames a caption (version checked, audited) and pickers show it', async () => {
    const chain = (await items('device-types')).find((i) => i.value === 'chain')!;
    const response = await call('admin', 'PUT', `/api/master-lists/device-types/items/${chain.ID}/caption`, {
      caption: 'Chain and padlock',
      version: chain.version,
    });
    expect(response.statusCode).toBe(200);
    expect(response.json<Item>()).toMatchObject({ caption: 'Chain and padlock', version: chain.version + 1 });
    expect((await picker('device-types')).find((i) => i.ID === chain.ID)!.caption).toBe('Chain and padlock');
    const stale = await call('admin', 'PUT', `/api/master-lists/device-types/items/${chain.ID}/caption`, {
      caption: 'Old',
      version: chain.version,
    });
    expect(stale.statusCode).toBe(409);
    expect((await auditRows('master-list.item.caption')).at(-1)).toMatchObject({ entity_id: String(chain.ID) });
    const empty = await call('admin', 'PUT', `/api/master-lists/device-types/items/${chain.ID}/caption`, {
      caption: ' ',
      version: chain.version + 1,
    });
    expect(empty.statusCode).toBe(400);
    expect(empty.json<{ details: { field: string; message: string }[] }>().details[0]).toMatchObject({
      field: 'caption',
      message: 'Caption is required',
    });
  });

  it('lists item captions on the Translations screen; a Spanish caption changes what Spanish resources give', async () => {
    const valve = (await items('device-types')).find((i) => i.value === 'valve')!;
    const spanish = await db().selectFrom('languages').select('id').where('code', '=', 'es').executeTakeFirstOrThrow();
    const rows = (await call('admin', 'GET', `/api/translations?languageId=${spanish.id}`)).json<
      { captionID: number; itemType: string; formName: string; controlName: string; preferredCaption: string | null }[]
    >();
    const row = rows.find((r) => r.itemType === 'MasterList' && r.controlName === String(valve.ID))!;
    expect(row).toMatchObject({ formName: 'device-types', preferredCaption: 'válvula' });
    const saved = await call('admin', 'PUT', `/api/translations/${row.captionID}/languages/${spanish.id}`, {
      preferredCaption: 'Válvula de bola',
    });
    expect(saved.statusCode).toBe(200);
    const resources = (
      await t.app.inject({ url: '/api/i18n/resources?connectionStringName=Demo&languageCode=es' })
    ).json<Record<string, Record<string, Record<string, string>>>>();
    expect(resources.MasterList?.['device-types']?.[String(valve.ID)]).toBe('Válvula de bola');
    const english = (await t.app.inject({ url: '/api/i18n/resources?connectionStringName=Demo&languageCode=en' })).json<
      Record<string, Record<string, Record<string, string>>>
    >();
    expect(english.MasterList?.['device-types']?.[String(valve.ID)]).toBe('valve');
  });
});

describe('deactivate and reactivate', () => {
  it('a deactivated item disappears from pickers but still shows on old records', async () => {
    const disconnect = (await items('device-types')).find((i) => i.value === 'disconnect switch')!;
    expect(disconnect.usageCount).toBeGreaterThanOrEqual(1); // demo isolation points use it too
    const off = await call('admin', 'PUT', `/api/master-lists/device-types/items/${disconnect.ID}/active`, {
      isActive: false,
      version: disconnect.version,
    });
    expect(off.statusCode).toBe(200);
    expect(off.json<Item>().isActive).toBe(false);
    expect((await picker('device-types')).map((i) => i.ID)).not.toContain(disconnect.ID);
    // The manager still lists it.
    expect((await items('device-types')).find((i) => i.ID === disconnect.ID)!.isActive).toBe(false);
    // The press's isolation point E-1 still resolves its device type in the asset detail API.
    const asset = await db()
      .selectFrom('assets')
      .select('id')
      .where('facility_id', '=', 1)
      .where('number', '=', 'PR-001')
      .executeTakeFirstOrThrow();
    const page = (await call('worker', 'GET', `/api/assets/${asset.id}`)).json<{
      components: {
        isolationPoints: {
          code: string;
          deviceType: { ID: number; value: string; caption: string; isActive: boolean };
        }[];
      }[];
    }>();
    const point = page.components.flatMap((c) => c.isolationPoints).find((p) => p.code === 'E-1')!;
    expect(point.deviceType).toEqual({
      ID: disconnect.ID,
      value: 'disconnect switch',
      caption: 'disconnect switch',
      isActive: false,
    });
    expect((await auditRows('master-list.item.deactivate')).at(-1)).toMatchObject({ entity_id: String(disconnect.ID) });

    const on = await call('admin', 'PUT', `/api/master-lists/device-types/items/${disconnect.ID}/active`, {
      isActive: true,
      version: disconnect.version + 1,
    });
    expect(on.statusCode).toBe(200);
    expect((await picker('device-types')).map((i) => i.ID)).toContain(disconnect.ID);
    expect(await auditRows('master-list.item.reactivate')).toHaveLength(1);
  });
});

describe('delete', () => {
  it('refuses to delete an item in use (409 saying it can be deactivated)', async () => {
    const electrical = (await items('energy-types')).find((i) => i.value === 'electrical')!;
    const response = await call('admin', 'DELETE', `/api/master-lists/energy-types/items/${electrical.ID}`);
    expect(response.statusCode).toBe(409);
    expect(response.json<{ message: string }>().message).toMatch(/in use.*Deactivate it instead/);
    expect((await items('energy-types')).some((i) => i.ID === electrical.ID)).toBe(true);
  });

  it('refuses when any other table references it (the foreign keys decide what "in use" is)', async () => {
    const { sql } = await import('kysely');
    const created = (await create('reason-codes', { value: 'Audit finding' })).json<Item>();
    await asSuperuser(t.connections[0]!.url, [
      'create table matrix_refs (id serial primary key, item_id integer references master_list_items(id))',
      'grant all on matrix_refs to hasp_app',
      'grant all on matrix_refs_id_seq to hasp_app',
    ]);
    try {
      await sql`insert into matrix_refs (item_id) values (${created.ID})`.execute(db());
      // The catalog of references is read once per process; this one appeared later, so the
      // foreign key itself refuses and the answer is still 409.
      const response = await call('admin', 'DELETE', `/api/master-lists/reason-codes/items/${created.ID}`);
      expect(response.statusCode).toBe(409);
      expect(response.json<{ message: string }>().message).toMatch(/in use/);
    } finally {
      await asSuperuser(t.connections[0]!.url, ['drop table matrix_refs']);
    }
  });

  it('deletes an unused item with its caption, audited', async () => {
    const created = (await create('lock-colours', { value: 'Purple' })).json<Item>();
    const response = await call('admin', 'DELETE', `/api/master-lists/lock-colours/items/${created.ID}`);
    expect(response.statusCode).toBe(204);
    expect((await items('lock-colours')).some((i) => i.ID === created.ID)).toBe(false);
    const caption = await db()
      .selectFrom('captions')
      .select('id')
      .where('item_type', '=', 'MasterList')
      .where('control_name', '=', String(created.ID))
      .executeTakeFirst();
    expect(caption).toBeUndefined();
    expect((await auditRows('master-list.item.delete')).at(-1)).toMatchObject({
      entity_id: String(created.ID),
      after: null,
    });
    expect((await call('admin', 'DELETE', `/api/master-lists/lock-colours/items/${created.ID}`)).statusCode).toBe(404);
  });
});

describe('reorder', () => {
  it('saves a permutation of the list, and pickers follow the order', async () => {
    const before = await items('lock-colours');
    const reversed = before.map((i) => i.ID).toReversed();
    const response = await call('admin', 'PUT', '/api/master-lists/lock-colours/order', { itemIds: reversed });
    expect(response.statusCode).toBe(200);
    expect(response.json<Item[]>().map((i) => i.ID)).toEqual(reversed);
    expect((await picker('lock-colours')).map((i) => i.ID)).toEqual(reversed);
    expect((await auditRows('master-list.reorder')).at(-1)).toMatchObject({
      entity_id: 'lock-colours',
      before: { order: before.map((i) => i.ID) },
      after: { order: reversed },
    });
  });

  it('refuses anything but a permutation of that list’s items', async () => {
    const ids = (await items('lock-colours')).map((i) => i.ID);
    const other = (await items('hazards'))[0]!.ID;
    const order = (itemIds: number[]) => call('admin', 'PUT', '/api/master-lists/lock-colours/order', { itemIds });

    const repeated = await order([...ids, ids[0]!]);
    expect(repeated.statusCode).toBe(400);
    expect(repeated.json<{ details: { field: string; message: string }[] }>().details[0]).toMatchObject({
      field: 'itemIds',
      message: expect.stringContaining(`given more than once: ${ids[0]}`),
    });
    const foreign = await order([...ids.slice(1), other]);
    expect(foreign.statusCode).toBe(400);
    expect(foreign.json<{ details: { message: string }[] }>().details[0]!.message).toContain(
      `not items of this list: ${other}`,
    );
    const missing = await order(ids.slice(1));
    expect(missing.statusCode).toBe(409);
    expect(missing.json<{ message: string }>().message).toMatch(/changed since you loaded it/);
    expect((await order([])).statusCode).toBe(400);
    // Nothing moved.
    expect((await items('lock-colours')).map((i) => i.ID)).toEqual(ids);
  });
});

describe('facility scoping and permission', () => {
  it('keeps each facility to its own items: another facility’s item is not found', async () => {
    const north = (await items('energy-types')).find((i) => i.value === 'gravity')!;
    const riverside = await items('energy-types', 'adminRiverside');
    expect(riverside.some((i) => i.ID === north.ID)).toBe(false);
    expect(riverside.some((i) => i.value === 'gravity')).toBe(true);
    const url = `/api/master-lists/energy-types/items/${north.ID}`;
    expect((await call('adminRiverside', 'DELETE', url)).statusCode).toBe(404);
    expect(
      (await call('adminRiverside', 'PUT', `${url}/active`, { isActive: false, version: north.version })).statusCode,
    ).toBe(404);
    expect(
      (await call('adminRiverside', 'PUT', `${url}/caption`, { caption: 'x', version: north.version })).statusCode,
    ).toBe(404);
    const order = await call('adminRiverside', 'PUT', '/api/master-lists/energy-types/order', {
      itemIds: [north.ID, ...riverside.map((i) => i.ID)],
    });
    expect(order.statusCode).toBe(400);
    // An item created in Riverside is Riverside's only.
    const created = (await create('crafts', { value: 'Scaffolder' }, 'adminRiverside')).json<Item>();
    expect((await items('crafts')).some((i) => i.ID === created.ID)).toBe(false);
    expect((await create('crafts', { value: 'Scaffolder' })).statusCode).toBe(201);
  });

  it('refuses callers without Master List Manage, and when the facility switches the feature off', async () => {
    for (const as of ['worker', 'supervisor']) {
      expect((await call(as, 'GET', '/api/master-lists')).statusCode).toBe(403);
      expect((await create('ppe', { value: 'Not allowed' }, as)).statusCode).toBe(403);
    }
    // Pickers stay open to everyone signed in.
    expect((await picker('ppe', 'worker')).length).toBeGreaterThan(0);
    await db()
      .updateTable('facility_security_settings')
      .set({ enabled: false })
      .where('facility_id', '=', 1)
      .where('feature', '=', 'masterlist-manage')
      .execute();
    try {
      const response = await call('admin', 'GET', '/api/master-lists');
      expect(response.statusCode).toBe(403);
    } finally {
      await db()
        .updateTable('facility_security_settings')
        .set({ enabled: true })
        .where('facility_id', '=', 1)
        .where('feature', '=', 'masterlist-manage')
        .execute();
    }
    expect((await call('admin', 'GET', '/api/master-lists')).statusCode).toBe(200);
  });
});

describe('concurrent creates', () => {
  it('gives 20 items created at once, through two server processes, 20 distinct positions after the list', async () => {
    const listKey = 'lock-colours';
    const before = await items(listKey, 'adminRiverside');
    const last = Math.max(0, ...before.map((i) => i.sortOrder));
    const second = await startSecondInstance(t);
    try {
      const responses = await Promise.all(
        Array.from({ length: 20 }, async (_, n) => {
          const body = { value: `parallel colour ${n}` };
          if (n % 2 === 0) return (await create(listKey, body, 'adminRiverside')).statusCode;
          const response = await fetch(`${second.url}/api/master-lists/${listKey}/items`, {
            method: 'POST',
            headers: { authorization: `Bearer ${tokens.adminRiverside}`, 'content-type': 'application/json' },
            body: JSON.stringify(body),
          });
          return response.status;
        }),
      );
      expect(responses).toEqual(Array(20).fill(201));
    } finally {
      await second.app.close();
    }
    const added = (await items(listKey, 'adminRiverside')).filter((i) => i.value.startsWith('parallel colour'));
    const positions = added.map((i) => i.sortOrder).sort((a, b) => a - b);
    expect(new Set(positions).size).toBe(20);
    expect(positions[0]).toBeGreaterThan(last);
  });
});
