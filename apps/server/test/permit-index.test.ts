import ExcelJS from 'exceljs';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as z from 'zod/mini';
import {
  permitIndexColumns,
  permitIndexPageSchema,
  permitStatuses,
  type Permit,
  type PermitIndexPage,
  type PermitStatus,
} from '@hasp/contracts';
import { permitDraft } from './support/permit-draft';
import { createTestApp, login, type TestApp } from './test-app';

/**
 * The permit index over the real server and PostgreSQL: paging, every filter, sorting by every
 * column, the "mine" views, scoping by facility and by `permit:view:<CODE>`, saved columns, and the
 * CSV and XLSX exports (formula-looking cells escaped; the XLSX read back with exceljs).
 */
let t: TestApp;
const tokens: Record<string, string> = {};
const users: Record<string, number> = {};
const db = () => t.connections[0]!.db;
const types: Record<string, number> = {};
let parentArea: number;
let childArea: number;
let asset: number;
/** The facility-1 permits this file made, by id. */
const made = new Map<number, { status: PermitStatus; type: string; title: string; area: number | null }>();

const get = (as: string, url: string) =>
  t.app.inject({ method: 'GET', url, headers: { authorization: `Bearer ${tokens[as]}` } });
const page = async (as: string, query: string) => {
  const response = await get(as, `/api/permits?${query}`);
  expect(response.statusCode, response.body).toBe(200);
  const body = response.json<PermitIndexPage>();
  // The route skips zod on the way out (decision 0042): every answer here is held to the contract instead.
  expect(z.parse(permitIndexPageSchema, body)).toEqual(body);
  return body;
};
const ids = (p: PermitIndexPage) => p.rows.map((r) => r.ID);
const day = (d: number) => new Date(Date.UTC(2026, 11, 1 + d, 8));

beforeAll(async () => {
  t = await createTestApp();
  for (const username of ['admin', 'supervisor', 'worker', 'contractor']) {
    tokens[username] = (await login(t.app, { username })).json<{ token: string }>().token;
    users[username] = (
      await db().selectFrom('users').select('id').where('user_name', '=', username).executeTakeFirstOrThrow()
    ).id;
  }
  tokens.adminRiverside = (await login(t.app, { username: 'admin', facilityId: 2 })).json<{ token: string }>().token;
  for (const row of await db().selectFrom('permit_types').select(['id', 'code', 'facility_id']).execute()) {
    types[`${row.facility_id}:${row.code}`] = row.id;
  }
  const child = await db()
    .selectFrom('areas')
    .select(['id', 'parent_area_id'])
    .where('facility_id', '=', 1)
    .where('parent_area_id', 'is not', null)
    .orderBy('id')
    .executeTakeFirstOrThrow();
  childArea = child.id;
  parentArea = child.parent_area_id!;
  asset = (
    await db().selectFrom('assets').select('id').where('facility_id', '=', 1).orderBy('id').executeTakeFirstOrThrow()
  ).id;
  // Contractors may view every type but GEN here, so GEN permits must vanish from their index.
  await db()
    .deleteFrom('group_permissions')
    .where('permission', '=', 'permit:view:GEN')
    .where('group_id', 'in', db().selectFrom('groups').select('id').where('name', '=', 'Contractors'))
    .execute();

  // 26 permits in facility 1 (LOTO and GEN, every status twice, people and areas varied), 3 in facility 2.
  const people = ['worker', 'supervisor', 'admin'];
  for (let i = 0; i < 26; i++) {
    const status = permitStatuses[i % permitStatuses.length]!;
    const type = i % 3 === 0 ? 'GEN' : 'LOTO';
    const title = `Index permit ${String(i).padStart(2, '0')} ${i % 5 === 0 ? 'pump seal' : 'belt'}`;
    const area = i % 4 === 0 ? childArea : i % 4 === 1 ? parentArea : null;
    const { id } = await db()
      .insertInto('permits')
      .values({
        facility_id: 1,
        permit_type_id: types[`1:${type}`]!,
        number: `IX-${String(i).padStart(3, '0')}`,
        status,
        title,
        area_id: area,
        planned_start: day(i),
        planned_end: day(i + 1),
        requester_id: users[people[i % 3]!]!,
        holder_id: i % 2 === 0 ? users.worker! : null,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    made.set(id, { status, type, title, area });
    if (i === 1)
      await db().insertInto('permit_assets').values({ permit_id: id, facility_id: 1, asset_id: asset }).execute();
    if (i === 14)
      await db()
        .insertInto('permit_approvals')
        .values({ permit_id: id, facility_id: 1, user_id: users.admin!, approved_at: day(0) })
        .execute();
  }
  for (let i = 0; i < 3; i++) {
    await db()
      .insertInto('permits')
      .values({
        facility_id: 2,
        permit_type_id: types['2:LOTO']!,
        number: `RIV-${i}`,
        status: 'requested',
        title: `Riverside permit ${i} pump seal`,
        planned_start: day(i),
        planned_end: day(i + 1),
        requester_id: users.admin!,
      })
      .execute();
  }
});
afterAll(async () => t?.close());

const madeWhere = (test: (p: { status: PermitStatus; type: string; title: string; area: number | null }) => boolean) =>
  [...made].filter(([, p]) => test(p)).map(([id]) => id);
const sorted = (list: number[]) => [...list].sort((a, b) => a - b);

describe('permit index', () => {
  it('pages on the server with the total of the filter, and refuses a page size over 200', async () => {
    const all = await page('admin', 'pageSize=200');
    expect(all.total).toBe(26);
    const first = await page('admin', 'pageSize=10&page=1');
    const third = await page('admin', 'pageSize=10&page=3');
    expect(first.total).toBe(26);
    expect(first.rows).toHaveLength(10);
    expect(third.rows).toHaveLength(6);
    expect(ids(first).filter((id) => ids(third).includes(id))).toEqual([]);
    expect([...ids(first), ...ids(await page('admin', 'pageSize=10&page=2')), ...ids(third)]).toEqual(ids(all));
    expect(await page('admin', 'pageSize=10&page=99')).toEqual({ rows: [], total: 26, totalCapped: false });
    expect((await get('admin', '/api/permits?pageSize=201')).statusCode).toBe(400);
    expect((await get('admin', '/api/permits?status=bogus')).statusCode).toBe(400);
  });

  it('sorts by every column both ways, ties broken by ID', async () => {
    for (const sort of permitIndexColumns) {
      const asc = ids(await page('admin', `pageSize=200&sort=${sort}&dir=asc`));
      const desc = ids(await page('admin', `pageSize=200&sort=${sort}&dir=desc`));
      expect(sorted(asc), sort).toEqual(sorted([...made.keys()]));
      if (sort !== 'holder' && sort !== 'area' && sort !== 'issuer' && sort !== 'riskLevel') {
        // With no nulls, descending is exactly ascending reversed (the ID tiebreak flips too).
        expect(desc, sort).toEqual([...asc].reverse());
      }
    }
    const byTitle = (await page('admin', 'pageSize=200&sort=title&dir=asc')).rows.map((r) => r.title);
    expect(byTitle).toEqual([...byTitle].sort());
    const byStart = (await page('admin', 'pageSize=200')).rows.map((r) => r.plannedStart);
    expect(byStart).toEqual([...byStart].sort().reverse());
    const holders = (await page('admin', 'pageSize=200&sort=holder&dir=desc')).rows.map((r) => r.holder);
    expect(holders.at(-1)).toBeNull(); // nulls last both ways
  });

  it('filters by status, type, area (with the areas below it), asset, people, dates and free text', async () => {
    expect(sorted(ids(await page('admin', 'pageSize=200&status=draft,requested')))).toEqual(
      sorted(madeWhere((p) => p.status === 'draft' || p.status === 'requested')),
    );
    const general = await page('admin', 'pageSize=200&permitType=GEN');
    expect(sorted(ids(general))).toEqual(sorted(madeWhere((p) => p.type === 'GEN')));
    // Each row names its type by ID too: the web says the type's name by its stored caption.
    expect(new Set(general.rows.map((r) => r.permitType.ID))).toEqual(new Set([types['1:GEN']]));
    expect(sorted(ids(await page('admin', `pageSize=200&areaId=${parentArea}`)))).toEqual(
      sorted(madeWhere((p) => p.area !== null)),
    );
    expect(sorted(ids(await page('admin', `pageSize=200&areaId=${childArea}`)))).toEqual(
      sorted(madeWhere((p) => p.area === childArea)),
    );
    expect((await page('admin', `assetId=${asset}`)).rows.map((r) => r.number)).toEqual(['IX-001']);
    expect((await page('admin', `pageSize=200&requesterId=${users.supervisor}`)).total).toBe(9);
    expect((await page('admin', `pageSize=200&holderId=${users.worker}`)).total).toBe(13);
    expect((await page('admin', `approverId=${users.admin}`)).rows.map((r) => r.number)).toEqual(['IX-014']);
    const window = await page('admin', 'pageSize=200&startFrom=2026-12-03&startTo=2026-12-05');
    expect(window.rows.map((r) => r.number).sort()).toEqual(['IX-002', 'IX-003', 'IX-004']);
    const ends = await page('admin', 'pageSize=200&endFrom=2026-12-26');
    expect(ends.rows.map((r) => r.number).sort()).toEqual(['IX-024', 'IX-025']);
    const text = await page('admin', 'pageSize=200&q=PUMP%20Seal');
    expect(sorted(ids(text))).toEqual(sorted(madeWhere((p) => p.title.includes('pump seal'))));
    expect((await page('admin', 'q=ix-007')).rows.map((r) => r.number)).toEqual(['IX-007']);
    expect((await page('admin', 'q=%25')).total).toBe(0); // a wildcard is searched for literally
    expect((await page('admin', 'status=closed&permitType=GEN&pageSize=200')).rows.map((r) => r.status)).toEqual(
      madeWhere((p) => p.status === 'closed' && p.type === 'GEN').map(() => 'closed'),
    );
  });

  it("filters days from the facility's midnight, not UTC's", async () => {
    // IX-002 starts 2026-12-03 08:00 UTC: 02:00 on the 3rd in Chicago, but 23:00 on the 2nd in Anchorage.
    const query = 'pageSize=200&startFrom=2026-12-03&startTo=2026-12-03';
    expect((await page('admin', query)).rows.map((r) => r.number)).toEqual(['IX-002']);
    await db().updateTable('facilities').set({ time_zone: 'America/Anchorage' }).where('id', '=', 1).execute();
    try {
      expect((await page('admin', query)).rows.map((r) => r.number)).toEqual(['IX-003']);
      const ends = await page('admin', 'pageSize=200&endFrom=2026-12-03&endTo=2026-12-03');
      expect(ends.rows.map((r) => r.number)).toEqual(['IX-002']);
    } finally {
      await db().updateTable('facilities').set({ time_zone: 'America/Chicago' }).where('id', '=', 1).execute();
    }
  });

  it("answers the caller's own work: awaiting my approval, I hold, I requested", async () => {
    // Requested permits: IX-001 (supervisor's own), IX-014 (admin's, approved by admin).
    const awaitingSupervisor = await page('supervisor', 'view=awaiting-approval&pageSize=200');
    expect(awaitingSupervisor.rows.map((r) => r.number)).toEqual(['IX-014']);
    const awaitingAdmin = await page('admin', 'view=awaiting-approval&pageSize=200');
    expect(awaitingAdmin.rows.map((r) => r.number)).toEqual(['IX-001']);
    // Workers may not approve: nothing awaits them.
    expect((await page('worker', 'view=awaiting-approval')).total).toBe(0);
    const held = await page('worker', 'view=held&pageSize=200');
    expect(sorted(ids(held))).toEqual(
      sorted(
        [...made]
          .filter(([, p], i) => i % 2 === 0 && p.status !== 'closed' && p.status !== 'cancelled')
          .map(([id]) => id),
      ),
    );
    const requested = await page('supervisor', 'view=requested&pageSize=200');
    expect(requested.total).toBe(9);
    expect(requested.rows.every((r) => r.requester.ID === users.supervisor)).toBe(true);
  });

  it("shows only the facility's permits of the types the caller may view", async () => {
    const contractor = await page('contractor', 'pageSize=200');
    expect(sorted(ids(contractor))).toEqual(sorted(madeWhere((p) => p.type !== 'GEN')));
    expect((await page('contractor', 'permitType=GEN')).total).toBe(0);
    const riverside = await page('adminRiverside', 'pageSize=200');
    expect(riverside.rows.map((r) => r.number).sort()).toEqual(['RIV-0', 'RIV-1', 'RIV-2']);
    expect((await page('admin', 'pageSize=200&q=riverside')).total).toBe(0);
    expect((await get('worker', `/api/permits?view=held`)).statusCode).toBe(200);
    expect((await t.app.inject({ method: 'GET', url: '/api/permits' })).statusCode).toBe(401);
  });

  it('counts at most 10,000 and says there are more; later pages still come', async () => {
    await sql`
      insert into permits (facility_id, permit_type_id, number, title, planned_start, planned_end, requester_id)
      select 2, ${types['2:LOTO']!}, 'CAP-' || g, 'Capped ' || g, ${day(0)}::timestamptz + g * interval '1 minute',
             ${day(1)}::timestamptz + g * interval '1 minute', ${users.admin!}
      from generate_series(1, 10050) g`.execute(db());
    const first = await page('adminRiverside', 'q=capped');
    expect(first).toMatchObject({ total: 10_000, totalCapped: true });
    const narrowed = await page('adminRiverside', 'q=capped 100');
    expect(narrowed.totalCapped).toBe(false);
    expect(narrowed.total).toBe(1 + 10 + 51); // titles 100, 1000–1009 and 10000–10050 contain "capped 100"
    const deep = await page('adminRiverside', 'q=capped&sort=plannedStart&dir=asc&pageSize=200&page=51');
    expect(deep.rows.map((r) => r.number)).toEqual([
      'CAP-10001',
      ...Array.from({ length: 49 }, (_, i) => `CAP-${10002 + i}`),
    ]);
  });

  it('keeps each user their chosen columns, in order', async () => {
    const initial = await get('worker', '/api/permits/index-columns');
    expect(initial.json()).toEqual({ columns: expect.arrayContaining(['number', 'status']) });
    const put = (as: string, columns: unknown) =>
      t.app.inject({
        method: 'PUT',
        url: '/api/permits/index-columns',
        headers: { authorization: `Bearer ${tokens[as]}` },
        payload: { columns },
      });
    expect((await put('worker', ['title', 'number', 'status'])).statusCode).toBe(200);
    expect((await get('worker', '/api/permits/index-columns')).json()).toEqual({
      columns: ['title', 'number', 'status'],
    });
    expect((await get('contractor', '/api/permits/index-columns')).json()).toEqual(initial.json());
    expect((await put('worker', [])).statusCode).toBe(400);
    expect((await put('worker', ['title', 'title'])).statusCode).toBe(400);
    expect((await put('worker', ['nope'])).statusCode).toBe(400);
  });

  it('exports the filtered set as CSV with the chosen columns, formula-looking cells escaped', async () => {
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/permits',
      headers: { authorization: `Bearer ${tokens.worker}` },
      payload: permitDraft(types['1:LOTO']!, {
        title: '=HYPERLINK("http://evil.example","Click")',
        plannedStart: day(40).toISOString(),
        plannedEnd: day(41).toISOString(),
      }),
    });
    expect(created.statusCode, created.body).toBe(200);
    const permit = created.json<Permit>();
    const csv = await get('worker', '/api/permits/export.csv?columns=number,title,status&sort=number&dir=asc');
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-type']).toContain('text/csv');
    expect(csv.headers['content-disposition']).toMatch(
      /^attachment; filename="permits-[a-z0-9-]+-\d{4}-\d{2}-\d{2}\.csv"$/,
    );
    const lines = csv.body
      .replace(/^\uFEFF/, '')
      .trimEnd()
      .split('\r\n');
    expect(lines[0]).toBe('Number,Title,Status');
    expect(lines).toHaveLength(1 + 27);
    expect(lines[1]).toBe('IX-000,Index permit 00 pump seal,Draft');
    expect(lines).toContain(`${permit.number},"'=HYPERLINK(""http://evil.example"",""Click"")",Draft`);
    const filtered = await get('worker', '/api/permits/export.csv?columns=number&status=closed&sort=number&dir=asc');
    expect(
      filtered.body
        .replace(/^\uFEFF/, '')
        .trimEnd()
        .split('\r\n'),
    ).toEqual([
      'Number',
      ...madeWhere((p) => p.status === 'closed').map(
        (id) => `IX-${String([...made.keys()].indexOf(id)).padStart(3, '0')}`,
      ),
    ]);
    // Without columns: the user's saved ones (set in the previous test).
    const saved = await get('worker', '/api/permits/export.csv?q=ix-003');
    expect(
      saved.body
        .replace(/^\uFEFF/, '')
        .trimEnd()
        .split('\r\n'),
    ).toEqual(['Title,Number,Status', 'Index permit 03 belt,IX-003,Isolated']);
  });

  it('exports XLSX that exceljs reads back: header, rows, dates as dates, formulas as text', async () => {
    const response = await t.app.inject({
      method: 'GET',
      url: '/api/permits/export.xlsx?columns=number,title,plannedStart&sort=number&dir=asc',
      headers: { authorization: `Bearer ${tokens.admin}` },
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-disposition']).toMatch(/\.xlsx"$/);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(response.rawPayload as unknown as ArrayBuffer);
    const sheet = workbook.getWorksheet('Permits')!;
    const values = (n: number) => (sheet.getRow(n).values as unknown[]).slice(1);
    expect(values(1)).toEqual(['Number', 'Title', 'Planned start']);
    expect(sheet.actualRowCount).toBe(1 + 27);
    expect(values(2)).toEqual(['IX-000', 'Index permit 00 pump seal', day(0)]);
    const formula = [...Array(sheet.actualRowCount).keys()]
      .map((i) => values(i + 1)[1])
      .find((v) => typeof v === 'string' && v.includes('HYPERLINK'));
    expect(formula).toBe(`'=HYPERLINK("http://evil.example","Click")`);
    const none = await t.app.inject({
      method: 'GET',
      url: '/api/permits/export.xlsx?permitType=GEN',
      headers: { authorization: `Bearer ${tokens.contractor}` },
    });
    const empty = new ExcelJS.Workbook();
    await empty.xlsx.load(none.rawPayload as unknown as ArrayBuffer);
    expect(empty.getWorksheet('Permits')!.actualRowCount).toBe(1);
  });

  it('words the export in the reader’s language: Spanish headings, statuses and sheet name', async () => {
    const spanish = await db().selectFrom('languages').select('id').where('code', '=', 'es').executeTakeFirstOrThrow();
    const worker = await db()
      .selectFrom('users')
      .select('id')
      .where('user_name', '=', 'worker')
      .executeTakeFirstOrThrow();
    await db().updateTable('users').set({ language_id: spanish.id }).where('id', '=', worker.id).execute();
    try {
      const csv = await get('worker', '/api/permits/export.csv?columns=number,status&q=ix-000&sort=number&dir=asc');
      expect(
        csv.body
          .replace(/^\uFEFF/, '')
          .trimEnd()
          .split('\r\n'),
      ).toEqual(['Número,Estado', 'IX-000,Borrador']);
      const xlsx = await t.app.inject({
        method: 'GET',
        url: '/api/permits/export.xlsx?columns=number,status&q=ix-000',
        headers: { authorization: `Bearer ${tokens.worker}` },
      });
      const workbook = new ExcelJS.Workbook();
      await workbook.xlsx.load(xlsx.rawPayload as unknown as ArrayBuffer);
      expect((workbook.getWorksheet('Permisos')!.getRow(1).values as unknown[]).slice(1)).toEqual(['Número', 'Estado']);
    } finally {
      await db().updateTable('users').set({ language_id: null }).where('id', '=', worker.id).execute();
    }
  });

  it('"I hold" lists what needs the holder first: in force, then winding down or expired, then not yet issued', async () => {
    // The worker holds every even permit; IX-010 (closed) and IX-024 (cancelled) are not held any more.
    const numbers = async (sort: string) =>
      (await page('worker', `view=held&pageSize=200&sort=${sort}`)).rows.map((r) => `${r.number} ${r.status}`);
    expect(await numbers('plannedEnd&dir=asc')).toEqual([
      'IX-004 issued',
      'IX-006 suspended',
      'IX-016 isolated',
      'IX-018 active',
      'IX-020 live_for_test',
      'IX-008 work_complete',
      'IX-012 expired',
      'IX-022 de_isolation',
      'IX-000 draft',
      'IX-002 approved',
      'IX-014 requested',
    ]);
    // Another sort orders within each group; the groups stay first.
    expect((await numbers('number&dir=desc')).slice(0, 5)).toEqual([
      'IX-020 live_for_test',
      'IX-018 active',
      'IX-016 isolated',
      'IX-006 suspended',
      'IX-004 issued',
    ]);
  });

  it('"Expiring within 24 hours" counts the next 24 hours from the server\'s now, not whole days', async () => {
    const now = Date.now();
    const at = (h: number) => new Date(now + h * 3_600_000);
    const expiring = async (title: string, status: PermitStatus, endsInHours: number) =>
      db()
        .insertInto('permits')
        .values({
          facility_id: 1,
          permit_type_id: types['1:LOTO']!,
          number: `EXP-${title}`,
          status,
          title: `Expiring ${title}`,
          planned_start: at(endsInHours - 8),
          planned_end: at(endsInHours),
          requester_id: users.supervisor!,
          holder_id: users.supervisor!,
        })
        .execute();
    await expiring('passed', 'active', -0.5); // ended, the expiry job not yet run: in force still
    await expiring('soon', 'issued', 1);
    await expiring('late', 'suspended', 23.5);
    await expiring('tomorrow', 'active', 24.5); // the same or next UTC day, but past 24 hours
    await expiring('next-day', 'isolated', 40);
    await expiring('requested', 'requested', 2); // not in force
    await expiring('closed', 'closed', 2);
    const view = await page('admin', 'view=expiring&sort=plannedEnd&dir=asc&pageSize=200');
    expect(view.rows.map((r) => r.number)).toEqual(['EXP-passed', 'EXP-soon', 'EXP-late']);
    expect(view.total).toBe(3);
    const csv = await get('admin', '/api/permits/export.csv?view=expiring&columns=number&sort=plannedEnd&dir=asc');
    expect(
      csv.body
        .replace(/^\uFEFF/, '')
        .trimEnd()
        .split('\r\n'),
    ).toEqual(['Number', 'EXP-passed', 'EXP-soon', 'EXP-late']);
  });
});
