import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, login, type TestApp } from './test-app';

let t: TestApp;
const tokens: Record<string, string> = {};
beforeAll(async () => {
  t = await createTestApp();
  for (const username of ['admin', 'worker'])
    tokens[username] = (await login(t.app, { username })).json<{ token: string }>().token;
  tokens.otherFacility = (await login(t.app, { username: 'admin', facilityId: 2 })).json<{ token: string }>().token;
});
afterAll(() => t.close());

const call = (as: string, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object) =>
  t.app.inject({ method, url, headers: { authorization: `Bearer ${tokens[as]}` }, ...(payload ? { payload } : {}) });
const db = () => t.connections[0]!.db;
const auditCount = async (action: string) =>
  Number(
    (
      await db()
        .selectFrom('audit_log')
        .select((eb) => eb.fn.countAll<string>().as('n'))
        .where('action', '=', action)
        .executeTakeFirstOrThrow()
    ).n,
  );
const item = async (listKey: string, value: string, facilityId = 1) =>
  (
    await db()
      .selectFrom('master_list_items')
      .select('id')
      .where('facility_id', '=', facilityId)
      .where('list_key', '=', listKey)
      .where('value', '=', value)
      .executeTakeFirstOrThrow()
  ).id;

describe('asset tree', () => {
  it('lists top areas, children paged with a cursor, and searches with the path', async () => {
    const roots = await call('worker', 'GET', '/api/assets/tree');
    expect(roots.statusCode).toBe(200);
    const top = roots.json<{ nodes: { number: string; ID: number; childCount: number }[] }>().nodes;
    expect(top.map((n) => n.number)).toEqual(['A-100', 'A-200', 'A-300', 'A-400', 'A-500', 'A-600']);
    const area = await call('admin', 'POST', '/api/assets/areas', {
      number: 'PG-1',
      name: 'Paging',
      description: '',
      parentAreaId: null,
    });
    expect(area.statusCode).toBe(200);
    const areaId = area.json<{ ID: number }>().ID;
    for (let i = 0; i < 5; i++) {
      const r = await call('admin', 'POST', '/api/assets', {
        number: `PG-A${i}`,
        description: `Pump ${i}`,
        manufacturer: '',
        location: '',
        lotoRequired: true,
        status: 'in_service',
        areaId,
      });
      expect(r.statusCode).toBe(200);
    }
    const first = (await call('worker', 'GET', `/api/assets/tree?parentKind=area&parentId=${areaId}&limit=2`)).json<{
      nodes: { number: string }[];
      nextCursor: string;
      total: number;
    }>();
    expect(first.total).toBe(5);
    expect(first.nodes.map((n) => n.number)).toEqual(['PG-A0', 'PG-A1']);
    const second = (
      await call(
        'worker',
        'GET',
        `/api/assets/tree?parentKind=area&parentId=${areaId}&limit=2&cursor=${first.nextCursor}`,
      )
    ).json<{ nodes: { number: string }[] }>();
    expect(second.nodes.map((n) => n.number)).toEqual(['PG-A2', 'PG-A3']);
    const search = (await call('worker', 'GET', '/api/assets/search?q=coil')).json<{
      results: { node: { number: string }; path: { number: string }[] }[];
    }>();
    expect(search.results[0]).toMatchObject({
      node: { number: 'PR-001-F' },
      path: [{ number: 'A-100' }, { number: 'A-110' }, { number: 'PR-001' }],
    });
  });

  it('answers 404 for another facility and 403 without the permission', async () => {
    const pr = await db().selectFrom('assets').select('id').where('number', '=', 'PR-001').executeTakeFirstOrThrow();
    expect((await call('otherFacility', 'GET', `/api/assets/${pr.id}`)).statusCode).toBe(404);
    expect((await call('otherFacility', 'GET', `/api/assets/tree?parentKind=asset&parentId=${pr.id}`)).statusCode).toBe(
      404,
    );
    expect(
      (await call('worker', 'POST', '/api/assets/areas', { number: 'X', name: 'X', description: '' })).statusCode,
    ).toBe(403);
    expect((await call('worker', 'GET', `/api/assets/${pr.id}`)).statusCode).toBe(200);
  });

  it('refuses cycles, duplicate numbers and stale versions; audits changes', async () => {
    const top = await db().selectFrom('areas').selectAll().where('number', '=', 'A-100').executeTakeFirstOrThrow();
    const child = await db().selectFrom('areas').selectAll().where('number', '=', 'A-110').executeTakeFirstOrThrow();
    const cycle = await call('admin', 'POST', `/api/assets/areas/${top.id}/move`, {
      parentAreaId: child.id,
      version: top.version,
    });
    expect(cycle.statusCode).toBe(409);
    expect(cycle.json().message).toMatch(/sub-areas/);
    const pr = await db().selectFrom('assets').selectAll().where('number', '=', 'PR-001').executeTakeFirstOrThrow();
    const feeder = await db()
      .selectFrom('assets')
      .selectAll()
      .where('number', '=', 'PR-001-F')
      .executeTakeFirstOrThrow();
    expect(
      (await call('admin', 'POST', `/api/assets/${pr.id}/move`, { parentAssetId: feeder.id, version: pr.version }))
        .statusCode,
    ).toBe(409);
    const dup = await call('admin', 'POST', '/api/assets/areas', { number: 'A-100', name: 'Again', description: '' });
    expect(dup.statusCode).toBe(409);
    // Named at its field, so the form shows it at the number.
    expect(dup.json().details).toEqual([
      { field: 'number', message: 'Area number A-100 is already used in this facility' },
    ]);
    const before = await auditCount('area.update');
    const edit = (version: number) =>
      call('admin', 'PUT', `/api/assets/areas/${child.id}`, {
        number: 'A-110',
        name: 'Press line one',
        description: '',
        version,
      });
    expect((await edit(child.version)).statusCode).toBe(200);
    expect((await edit(child.version)).statusCode).toBe(409);
    expect(await auditCount('area.update')).toBe(before + 1);
  });

  it('requires the extra measure on tag-only points and keeps a deactivated device type on old records', async () => {
    const page = (
      await call(
        'worker',
        'GET',
        `/api/assets/${(await db().selectFrom('assets').select('id').where('number', '=', 'PR-001').executeTakeFirstOrThrow()).id}`,
      )
    ).json<{ components: { ID: number; isolationPoints: { code: string }[]; energySources: unknown[] }[] }>();
    const component = page.components[0]!;
    expect(component.isolationPoints.map((p) => p.code)).toEqual(['E-1', 'H-1', 'H-2']);
    expect(component.energySources).toHaveLength(2);
    const chain = await item('device-types', 'chain');
    const point = {
      code: 'M-1',
      deviceTypeItemId: chain,
      location: '',
      normalPosition: '',
      isolatedPosition: '',
      lockable: false,
      tagOnlyMeasure: '',
      verificationMethod: '',
    };
    const refused = await call('admin', 'POST', `/api/assets/components/${component.ID}/isolation-points`, point);
    expect(refused.statusCode).toBe(400);
    expect(refused.json().message).toMatch(/\(c\)\(3\)/);
    const created = await call('admin', 'POST', `/api/assets/components/${component.ID}/isolation-points`, {
      ...point,
      tagOnlyMeasure: 'Chain and second person',
    });
    expect(created.statusCode).toBe(200);
    await db().updateTable('master_list_items').set({ is_active: false }).where('id', '=', chain).execute();
    const picker = (await call('worker', 'GET', '/api/assets/master-lists/device-types')).json<{ value: string }[]>();
    expect(picker.map((i) => i.value)).not.toContain('chain');
    const shown = created.json<{ ID: number; version: number }>();
    const edited = await call('admin', 'PUT', `/api/assets/isolation-points/${shown.ID}`, {
      ...point,
      tagOnlyMeasure: 'Chain',
      version: shown.version,
    });
    expect(edited.statusCode).toBe(200);
    expect(edited.json()).toMatchObject({ deviceType: { value: 'chain', isActive: false } });
    expect(
      (
        await call('admin', 'POST', `/api/assets/components/${component.ID}/isolation-points`, {
          ...point,
          code: 'M-2',
          tagOnlyMeasure: 'x',
        })
      ).statusCode,
    ).toBe(400);
  });

  it('accepts PNG/JPEG photos only, checked by content', async () => {
    const pr = await db().selectFrom('assets').select('id').where('number', '=', 'PR-001').executeTakeFirstOrThrow();
    const png = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(20)]);
    const headers = { authorization: `Bearer ${tokens.admin}`, 'content-type': 'image/png' };
    const ok = await t.app.inject({
      method: 'POST',
      url: `/api/assets/${pr.id}/photos?fileName=p.png`,
      headers,
      payload: png,
    });
    expect(ok.statusCode).toBe(200);
    const fake = await t.app.inject({
      method: 'POST',
      url: `/api/assets/${pr.id}/photos`,
      headers,
      payload: Buffer.from('GIF89a not a png'),
    });
    expect(fake.statusCode).toBe(415);
    const photo = await t.app.inject({
      url: `/api/assets/photos/${ok.json<{ ID: number }>().ID}`,
      headers: { authorization: `Bearer ${tokens.worker}` },
    });
    expect(photo.headers['content-type']).toBe('image/png');
  });
});

describe('asset rules', () => {
  const newArea = async (number: string, parentAreaId: number | null = null) => {
    const r = await call('admin', 'POST', '/api/assets/areas', { number, name: number, description: '', parentAreaId });
    expect(r.statusCode).toBe(200);
    return r.json<{ ID: number; version: number }>();
  };
  const newAsset = async (number: string, areaId: number, parentAssetId: number | null = null) => {
    const r = await call('admin', 'POST', '/api/assets', {
      number,
      description: number,
      manufacturer: '',
      location: '',
      lotoRequired: true,
      status: 'in_service',
      areaId,
      parentAssetId,
    });
    expect(r.statusCode).toBe(200);
    return r.json<{ ID: number; version: number }>();
  };
  /** True when walking up from `id` comes back to a node already seen. */
  const hasCycle = async (table: 'areas' | 'assets', id: number) => {
    const column = table === 'areas' ? 'parent_area_id' : 'parent_asset_id';
    const seen = new Set<number>();
    for (let at: number | null = id; at !== null;) {
      if (seen.has(at)) return true;
      seen.add(at);
      const row: Record<string, number | null> = await db()
        .selectFrom(table)
        .select(column)
        .where('id', '=', at)
        .executeTakeFirstOrThrow();
      at = row[column] ?? null;
    }
    return false;
  };

  /** One record of each versioned kind, and an edit of each (method, URL, body) in that order. */
  const oneOfEachKind = async (prefix: string) => {
    const area = await newArea(`${prefix}-1`);
    const asset = await newAsset(`${prefix}-A1`, area.ID);
    const component = await call('admin', 'POST', `/api/assets/${asset.ID}/components`, {
      number: 'C-1',
      name: 'Drive',
      description: '',
    });
    expect(component.statusCode).toBe(200);
    const c = component.json<{ ID: number; version: number }>();
    const source = await call('admin', 'POST', `/api/assets/components/${c.ID}/energy-sources`, {
      energyTypeItemId: await item('energy-types', 'electrical'),
      magnitude: 480,
      unit: 'V',
      storedEnergy: false,
      description: 'Feed',
    });
    expect(source.statusCode).toBe(200);
    const e = source.json<{ ID: number; version: number }>();
    const pointInput = {
      code: 'E-1',
      deviceTypeItemId: await item('device-types', 'breaker'),
      location: '',
      normalPosition: 'On',
      isolatedPosition: 'Off',
      lockable: true,
      tagOnlyMeasure: '',
      verificationMethod: '',
    };
    const point = await call('admin', 'POST', `/api/assets/components/${c.ID}/isolation-points`, pointInput);
    expect(point.statusCode).toBe(200);
    const p = point.json<{ ID: number; version: number }>();
    const assetInput = {
      number: `${prefix}-A1`,
      description: 'Edited',
      manufacturer: '',
      location: '',
      lotoRequired: true,
      status: 'out_of_service',
    };
    const edits: [string, string, object][] = [
      ['PUT', `/api/assets/areas/${area.ID}`, { number: `${prefix}-1`, name: 'Edited', description: '' }],
      ['PUT', `/api/assets/${asset.ID}`, assetInput],
      ['PUT', `/api/assets/components/${c.ID}`, { number: 'C-1', name: 'Edited', description: '' }],
      [
        'PUT',
        `/api/assets/energy-sources/${e.ID}`,
        {
          energyTypeItemId: await item('energy-types', 'electrical'),
          magnitude: 240,
          unit: 'V',
          storedEnergy: false,
          description: 'Feed',
        },
      ],
      ['PUT', `/api/assets/isolation-points/${p.ID}`, { ...pointInput, location: 'Edited' }],
    ];
    const versions = [area.version, asset.version, c.version, e.version, p.version];
    const ids = [area.ID, asset.ID, c.ID, e.ID, p.ID];
    return { area, asset, edits, versions, ids };
  };

  it('answers 409 to every edit or move made from a stale version, and changes nothing', async () => {
    const { area, asset, edits, versions } = await oneOfEachKind('SV');
    for (const [i, [method, url, body]] of edits.entries()) {
      const fresh = await call('admin', method as 'PUT', url, { ...body, version: versions[i] });
      expect(fresh.statusCode, url).toBe(200);
      const stale = await call('admin', method as 'PUT', url, { ...body, version: versions[i] });
      expect(stale.statusCode, url).toBe(409);
    }
    const other = await newArea('SV-2');
    const staleMove = await call('admin', 'POST', `/api/assets/${asset.ID}/move`, {
      areaId: other.ID,
      version: asset.version,
    });
    expect(staleMove.statusCode).toBe(409);
    const staleAreaMove = await call('admin', 'POST', `/api/assets/areas/${area.ID}/move`, {
      parentAreaId: other.ID,
      version: area.version,
    });
    expect(staleAreaMove.statusCode).toBe(409);
    const after = await db().selectFrom('assets').selectAll().where('id', '=', asset.ID).executeTakeFirstOrThrow();
    expect(after).toMatchObject({ area_id: area.ID, description: 'Edited', status: 'out_of_service' });
    const areaAfter = await db().selectFrom('areas').selectAll().where('id', '=', area.ID).executeTakeFirstOrThrow();
    expect(areaAfter.parent_area_id).toBeNull();
  });

  it('applies an edit or a creation sent twice with one Idempotency-Key once, and answers the same', async () => {
    const area = await newArea('IK-1');
    const send = (method: 'POST' | 'PUT', url: string, payload: object, key: string) =>
      t.app.inject({
        method,
        url,
        headers: { authorization: `Bearer ${tokens.admin}`, 'idempotency-key': key },
        payload,
      });
    const body = { number: 'IK-1', name: 'Renamed once', description: '', version: area.version };
    const before = await auditCount('area.update');
    const first = await send('PUT', `/api/assets/areas/${area.ID}`, body, 'asset-edit-key-1');
    const replay = await send('PUT', `/api/assets/areas/${area.ID}`, body, 'asset-edit-key-1');
    expect(first.statusCode).toBe(200);
    // Without the key, the second send would be a 409: its version is the one the first changed.
    expect(replay.statusCode).toBe(200);
    expect(replay.headers['idempotent-replayed']).toBe('true');
    expect(replay.json()).toEqual(first.json());
    expect(first.json<{ version: number }>().version).toBe(area.version + 1);
    expect(await auditCount('area.update')).toBe(before + 1);
    const row = await db().selectFrom('areas').selectAll().where('id', '=', area.ID).executeTakeFirstOrThrow();
    expect(row.version).toBe(area.version + 1);
    // The key with another body is refused, and changes nothing.
    const other = await send('PUT', `/api/assets/areas/${area.ID}`, { ...body, name: 'Other' }, 'asset-edit-key-1');
    expect(other.statusCode).toBe(422);

    const asset = { number: 'IK-A1', description: 'Pump', manufacturer: '', location: '', lotoRequired: true };
    const create = { ...asset, status: 'in_service', areaId: area.ID, parentAssetId: null };
    const created = await send('POST', '/api/assets', create, 'asset-create-key-1');
    const again = await send('POST', '/api/assets', create, 'asset-create-key-1');
    expect([created.statusCode, again.statusCode]).toEqual([200, 200]);
    expect(again.json()).toEqual(created.json());
    const rows = await db().selectFrom('assets').select('id').where('number', '=', 'IK-A1').execute();
    expect(rows).toHaveLength(1);
  });

  it('says why an edit without a version or from a stale one is refused', async () => {
    const area = await newArea('MSG-1');
    const url = `/api/assets/areas/${area.ID}`;
    const body = { number: 'MSG-1', name: 'x', description: '' };
    const missing = await call('admin', 'PUT', url, body);
    expect(missing.statusCode).toBe(400);
    expect(missing.json().details).toEqual([{ field: 'version', message: 'Version is required to edit' }]);
    expect((await call('admin', 'PUT', url, { ...body, version: area.version })).statusCode).toBe(200);
    const stale = await call('admin', 'PUT', url, { ...body, version: area.version });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().message).toBe('This area was changed by someone else. Reload it and make your change again.');
  });

  it('marks every kind of record edited on screen as updated (updated_at), energy sources and points too', async () => {
    const { edits, versions, ids } = await oneOfEachKind('UA');
    const tables = ['areas', 'assets', 'components', 'energy_sources', 'isolation_points'] as const;
    const long_ago = new Date('2000-01-01T00:00:00Z');
    for (const [i, table] of tables.entries()) {
      await db().updateTable(table).set({ updated_at: long_ago }).where('id', '=', ids[i]!).execute();
    }
    for (const [i, [method, url, body]] of edits.entries()) {
      const edited = await call('admin', method as 'PUT', url, { ...body, version: versions[i] });
      expect(edited.statusCode, url).toBe(200);
      const row = await db()
        .selectFrom(tables[i]!)
        .select('updated_at')
        .where('id', '=', ids[i]!)
        .executeTakeFirstOrThrow();
      expect(row.updated_at.getTime(), tables[i]).toBeGreaterThan(long_ago.getTime());
    }
  });

  it('refuses moving an area or asset under its own descendant, also when two moves race', async () => {
    const top = await newArea('CY-1');
    const mid = await newArea('CY-2', top.ID);
    const low = await newArea('CY-3', mid.ID);
    const deep = await call('admin', 'POST', `/api/assets/areas/${top.ID}/move`, {
      parentAreaId: low.ID,
      version: top.version,
    });
    expect(deep.statusCode).toBe(409);
    expect(await hasCycle('areas', low.ID)).toBe(false);

    // Two siblings moved under each other at the same moment: one move must lose.
    for (let round = 0; round < 5; round++) {
      const x = await newArea(`RX-${round}`);
      const y = await newArea(`RY-${round}`);
      const answers = await Promise.all([
        call('admin', 'POST', `/api/assets/areas/${x.ID}/move`, { parentAreaId: y.ID, version: x.version }),
        call('admin', 'POST', `/api/assets/areas/${y.ID}/move`, { parentAreaId: x.ID, version: y.version }),
      ]);
      expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 409]);
      expect(await hasCycle('areas', x.ID)).toBe(false);
      expect(await hasCycle('areas', y.ID)).toBe(false);

      const a = await newAsset(`RA-${round}`, x.ID);
      const b = await newAsset(`RB-${round}`, x.ID);
      const moves = await Promise.all([
        call('admin', 'POST', `/api/assets/${a.ID}/move`, { parentAssetId: b.ID, version: a.version }),
        call('admin', 'POST', `/api/assets/${b.ID}/move`, { parentAssetId: a.ID, version: b.version }),
      ]);
      expect(moves.map((m) => m.statusCode).sort()).toEqual([200, 409]);
      expect(await hasCycle('assets', a.ID)).toBe(false);
      expect(await hasCycle('assets', b.ID)).toBe(false);
    }
  });

  it('refuses a tag-only point without an extra measure on edit too, and a blank measure', async () => {
    const area = await newArea('TG-1');
    const asset = await newAsset('TG-A1', area.ID);
    const c = (
      await call('admin', 'POST', `/api/assets/${asset.ID}/components`, {
        number: 'C-1',
        name: 'Drive',
        description: '',
      })
    ).json<{ ID: number }>();
    const point = {
      code: 'V-1',
      deviceTypeItemId: await item('device-types', 'valve'),
      location: '',
      normalPosition: 'Open',
      isolatedPosition: 'Closed',
      lockable: true,
      tagOnlyMeasure: '',
      verificationMethod: '',
    };
    const blank = await call('admin', 'POST', `/api/assets/components/${c.ID}/isolation-points`, {
      ...point,
      lockable: false,
      tagOnlyMeasure: '   ',
    });
    expect(blank.statusCode).toBe(400);
    const created = (await call('admin', 'POST', `/api/assets/components/${c.ID}/isolation-points`, point)).json<{
      ID: number;
      version: number;
    }>();
    const edit = await call('admin', 'PUT', `/api/assets/isolation-points/${created.ID}`, {
      ...point,
      lockable: false,
      version: created.version,
    });
    expect(edit.statusCode).toBe(400);
    expect(edit.json().message).toMatch(/\(c\)\(3\)/);
    const stored = await db()
      .selectFrom('isolation_points')
      .selectAll()
      .where('id', '=', created.ID)
      .executeTakeFirstOrThrow();
    expect(stored.lockable).toBe(true);
  });

  it("answers 404 for another facility's records, whatever the route", async () => {
    const pr = await db().selectFrom('assets').select('id').where('number', '=', 'PR-001').executeTakeFirstOrThrow();
    const area = await db().selectFrom('areas').select('id').where('number', '=', 'A-110').executeTakeFirstOrThrow();
    const component = await db()
      .selectFrom('components')
      .select('id')
      .where('asset_id', '=', pr.id)
      .executeTakeFirstOrThrow();
    const point = await db()
      .selectFrom('isolation_points')
      .select('id')
      .where('component_id', '=', component.id)
      .executeTakeFirstOrThrow();
    const asset = {
      number: 'PR-001',
      description: 'x',
      manufacturer: '',
      location: '',
      lotoRequired: true,
      status: 'in_service',
      version: 0,
    };
    const attempts: [string, 'GET' | 'POST' | 'PUT', string, object?][] = [
      ['asset page', 'GET', `/api/assets/${pr.id}`],
      ['asset edit', 'PUT', `/api/assets/${pr.id}`, asset],
      ['asset move', 'POST', `/api/assets/${pr.id}/move`, { areaId: area.id, version: 0 }],
      ['area', 'GET', `/api/assets/areas/${area.id}`],
      ['area children', 'GET', `/api/assets/tree?parentKind=area&parentId=${area.id}`],
      ['component add', 'POST', `/api/assets/${pr.id}/components`, { number: 'C-9', name: 'x', description: '' }],
      [
        'component edit',
        'PUT',
        `/api/assets/components/${component.id}`,
        { number: 'C-1', name: 'x', description: '', version: 0 },
      ],
    ];
    for (const [what, method, url, body] of attempts) {
      expect((await call('otherFacility', method, url, body)).statusCode, what).toBe(404);
    }
    // Search in the other facility does not find North Plant's press.
    const search = (await call('otherFacility', 'GET', '/api/assets/search?q=PR-001')).json<{ results: unknown[] }>();
    expect(search.results).toEqual([]);
    expect(point.id).toBeGreaterThan(0);
  });

  it('refuses a photo over 5 MB and a renamed file that is not PNG or JPEG', async () => {
    const pr = await db().selectFrom('assets').select('id').where('number', '=', 'PR-001').executeTakeFirstOrThrow();
    const send = (payload: Buffer, contentType: string) =>
      t.app.inject({
        method: 'POST',
        url: `/api/assets/${pr.id}/photos?fileName=photo.png`,
        headers: { authorization: `Bearer ${tokens.admin}`, 'content-type': contentType },
        payload,
      });
    const photoCount = async () =>
      Number(
        (
          await db()
            .selectFrom('asset_photos')
            .select((eb) => eb.fn.countAll<string>().as('n'))
            .executeTakeFirstOrThrow()
        ).n,
      );
    const before = await photoCount();
    const pngHeader = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
    const big = await send(Buffer.concat([pngHeader, Buffer.alloc(5 * 1024 * 1024)]), 'image/png');
    expect(big.statusCode).toBe(413);
    expect(big.json().message).toMatch(/5 MB/);
    const exe = await send(Buffer.concat([Buffer.from('MZ\x90\x00', 'latin1'), Buffer.alloc(2000, 1)]), 'image/png');
    expect(exe.statusCode).toBe(415);
    const pdf = await send(Buffer.from('%PDF-1.7\n...'), 'image/jpeg');
    expect(pdf.statusCode).toBe(415);
    expect(await photoCount()).toBe(before);
    const jpeg = await send(Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(100)]), 'image/jpeg');
    expect(jpeg.statusCode).toBe(200);
    expect(await photoCount()).toBe(before + 1);
  });
});
