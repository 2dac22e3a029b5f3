import { describe, expect, it } from 'vitest';
import { useCommandApp, countRows, REQUEST_ID_HEADER, type Method } from './support/command-app';

// Master List Manage's writes run as commands: each is audited and announced through the runner
// under the request's id, applies once per Idempotency-Key, and refuses a stale version.

const { app, db, send } = useCommandApp();
interface Item {
  ID: number;
  caption: string;
  isActive: boolean;
  version: number;
}

/** The audit rows and domain events of one request. */
async function recordsOf(requestId: string) {
  const [audits, events] = await Promise.all([
    db()
      .selectFrom('audit_log')
      .select(['action', 'entity_id'])
      .where('request_id', '=', requestId)
      .orderBy('id')
      .execute(),
    db()
      .selectFrom('domain_events')
      .select(['name', 'entity_id', 'payload'])
      .where('request_id', '=', requestId)
      .orderBy('id')
      .execute(),
  ]);
  return { audits, events };
}
const count = (table: 'audit_log' | 'domain_events') => countRows(db(), table);

/** Sends the command twice with one key: the first applies, the second answers what the first did. */
async function sentTwice(method: Method, url: string, key: string, payload?: object) {
  const before = { audits: await count('audit_log'), events: await count('domain_events') };
  const first = await send(method, url, { 'idempotency-key': key }, payload);
  const replay = await send(method, url, { 'idempotency-key': key }, payload);
  expect(first.headers[REQUEST_ID_HEADER]).toEqual(expect.any(String));
  expect(first.statusCode).toBeLessThan(300);
  expect(replay.statusCode).toBe(first.statusCode);
  expect(replay.headers['idempotent-replayed']).toBe('true');
  expect(replay.body).toBe(first.body);
  // Applied once: one audit row and one event, both under the first request's id.
  expect(await count('audit_log')).toBe(before.audits + 1);
  expect(await count('domain_events')).toBe(before.events + 1);
  return { first, ...(await recordsOf(String(first.headers[REQUEST_ID_HEADER]))) };
}

describe('master list commands', () => {
  it('creates, renames, deactivates, deletes and reorders once per key, each audited and announced under its request', async () => {
    const base = '/api/master-lists/crafts/items';
    const created = await sentTwice('POST', base, 'ml-create-1', { value: 'Scaffold inspector' });
    expect(created.first.statusCode).toBe(201);
    const item = created.first.json<Item>();
    const id = String(item.ID);
    expect(created.audits).toEqual([{ action: 'master-list.item.create', entity_id: id }]);
    expect(created.events).toEqual([
      { name: 'master-list.item.created', entity_id: id, payload: { listKey: 'crafts' } },
    ]);

    const renamed = await sentTwice('PUT', `${base}/${id}/caption`, 'ml-caption-1', {
      caption: 'Scaffold inspector (certified)',
      version: item.version,
    });
    expect(renamed.first.json<Item>()).toMatchObject({
      caption: 'Scaffold inspector (certified)',
      version: item.version + 1,
    });
    expect(renamed.first.headers.etag).toBe(`"${item.version + 1}"`);
    expect(renamed.audits).toEqual([{ action: 'master-list.item.caption', entity_id: id }]);
    expect(renamed.events.map((e) => e.name)).toEqual(['master-list.item.renamed']);

    const deactivated = await sentTwice('PUT', `${base}/${id}/active`, 'ml-active-1', {
      isActive: false,
      version: item.version + 1,
    });
    expect(deactivated.first.json<Item>()).toMatchObject({ isActive: false, version: item.version + 2 });
    expect(deactivated.audits).toEqual([{ action: 'master-list.item.deactivate', entity_id: id }]);
    expect(deactivated.events.map((e) => e.name)).toEqual(['master-list.item.deactivated']);

    const order = (await send('PUT', '/api/master-lists/crafts/order', {}, { itemIds: [] })).statusCode;
    expect(order).toBe(400);
    const ids = (
      await app.t.app.inject({
        method: 'GET',
        url: '/api/master-lists/crafts/items',
        headers: { authorization: `Bearer ${app.token}` },
      })
    )
      .json<Item[]>()
      .map((i) => i.ID);
    const reordered = await sentTwice('PUT', '/api/master-lists/crafts/order', 'ml-order-1', {
      itemIds: ids.toReversed(),
    });
    expect(reordered.first.statusCode).toBe(200);
    expect(reordered.audits).toEqual([{ action: 'master-list.reorder', entity_id: 'crafts' }]);
    expect(reordered.events.map((e) => e.name)).toEqual(['master-list.reordered']);

    const deleted = await sentTwice('DELETE', `${base}/${id}`, 'ml-delete-1');
    expect(deleted.first.statusCode).toBe(204);
    expect(deleted.audits).toEqual([{ action: 'master-list.item.delete', entity_id: id }]);
    expect(deleted.events.map((e) => e.name)).toEqual(['master-list.item.deleted']);
    expect(await db().selectFrom('master_list_items').select('id').where('id', '=', item.ID).execute()).toEqual([]);
  });

  it('refuses a stale version with the current one, changing nothing and recording nothing', async () => {
    const item = (await send('POST', '/api/master-lists/hazards/items', {}, { value: 'Hot work sparks' })).json<Item>();
    const url = `/api/master-lists/hazards/items/${item.ID}/caption`;
    expect((await send('PUT', url, {}, { caption: 'Sparks', version: item.version })).statusCode).toBe(200);
    const audits = await count('audit_log');
    const events = await count('domain_events');
    const stale = await send(
      'PUT',
      url,
      { 'idempotency-key': 'ml-stale-1' },
      { caption: 'Lost', version: item.version },
    );
    expect(stale.statusCode).toBe(409);
    expect(stale.json()).toMatchObject({
      message: 'This item was changed by someone else. Reload the list and make your change again.',
      details: [{ field: 'version', message: String(item.version + 1) }],
    });
    expect([await count('audit_log'), await count('domain_events')]).toEqual([audits, events]);
    expect(await db().selectFrom('idempotency_keys').select('key').where('key', '=', 'ml-stale-1').execute()).toEqual(
      [],
    );
    // An item is found only under its own list.
    const otherList = await send(
      'PUT',
      `/api/master-lists/crafts/items/${item.ID}/caption`,
      {},
      {
        caption: 'Moved',
        version: item.version + 1,
      },
    );
    expect(otherList.statusCode).toBe(404);
  });

  it('records neither audit row nor event when nothing changes (an item already inactive)', async () => {
    const item = (await send('POST', '/api/master-lists/hazards/items', {}, { value: 'Dust' })).json<Item>();
    const url = `/api/master-lists/hazards/items/${item.ID}/active`;
    const audits = await count('audit_log');
    const events = await count('domain_events');
    const same = await send('PUT', url, {}, { isActive: true, version: item.version });
    expect(same.statusCode).toBe(200);
    expect(same.json<Item>()).toMatchObject({ isActive: true, version: item.version });
    expect([await count('audit_log'), await count('domain_events')]).toEqual([audits, events]);
  });
});
