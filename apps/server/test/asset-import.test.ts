import ExcelJS from 'exceljs';
import { zipSync } from 'fflate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { escapeSpreadsheetCell } from '../src/modules/spreadsheet';
import { asSuperuser, createTestApp, login, type TestApp } from './test-app';

let t: TestApp;
let token = '';
beforeAll(async () => {
  t = await createTestApp();
  token = (await login(t.app, { username: 'admin' })).json<{ token: string }>().token;
});
afterAll(() => t.close());

const db = () => t.connections[0]!.db;
const counts = async () => {
  const n = async (table: 'areas' | 'assets' | 'components' | 'energy_sources' | 'isolation_points') =>
    Number(
      (
        await db()
          .selectFrom(table)
          .select((eb) => eb.fn.countAll<string>().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );
  return [
    await n('areas'),
    await n('assets'),
    await n('components'),
    await n('energy_sources'),
    await n('isolation_points'),
  ];
};
const upload = (body: Buffer | string, fileName: string, kind?: string) =>
  t.app.inject({
    method: 'POST',
    url: `/api/asset-imports?fileName=${encodeURIComponent(fileName)}${kind ? `&kind=${kind}` : ''}`,
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/octet-stream' },
    payload: typeof body === 'string' ? Buffer.from(body, 'utf8') : body,
  });
const post = (url: string) => t.app.inject({ method: 'POST', url, headers: { authorization: `Bearer ${token}` } });

/** Uploads and commits; returns the report issues' messages (the commit must then have written nothing). */
async function rejected(body: Buffer | string, fileName: string, kind?: string) {
  const before = await counts();
  const up = await upload(body, fileName, kind);
  if (up.statusCode !== 200) {
    expect(await counts()).toEqual(before);
    return { status: up.statusCode, messages: [up.json<{ message: string }>().message] };
  }
  const id = up.json<{ ID: number }>().ID;
  const commit = await post(`/api/asset-imports/${id}/commit`);
  expect(commit.statusCode).toBe(400);
  expect(await counts()).toEqual(before);
  const report = (
    await t.app.inject({ url: `/api/asset-imports/${id}`, headers: { authorization: `Bearer ${token}` } })
  ).json<{
    status: string;
    issues: { row: number; column: string; message: string }[];
  }>();
  expect(report.status).toBe('invalid');
  return { status: 400, messages: report.issues.map((i) => `${i.row} ${i.column}: ${i.message}`) };
}

describe('asset import', () => {
  it('stores text exactly, whatever it holds (quotes, backslashes, braces, commas, NULL, newlines; edges are trimmed)', async () => {
    // The commit sends each column as a PostgreSQL array literal: these are its special characters.
    const awkward = ['say "hi"', 'C:\\temp\\', '{a,b}', 'NULL', 'two\nlines', "it's, fine", 'a\\"{}'];
    const workbook = new ExcelJS.Workbook();
    workbook
      .addWorksheet('Areas')
      .addRows([['number', 'name', 'description'], ...awkward.map((text, i) => [`AW-${i}`, text, `${text}!`])]);
    const up = await upload(Buffer.from(await workbook.xlsx.writeBuffer()), 'awkward.xlsx');
    expect(up.statusCode).toBe(200);
    const commit = await post(`/api/asset-imports/${up.json<{ ID: number }>().ID}/commit`);
    expect(commit.statusCode, commit.body).toBe(200);
    const rows = await db()
      .selectFrom('areas')
      .select(['number', 'name', 'description'])
      .where('number', 'like', 'AW-%')
      .orderBy('number')
      .execute();
    expect(rows).toEqual(awkward.map((text, i) => ({ number: `AW-${i}`, name: text, description: `${text}!` })));
  });

  it('imports a workbook in one go and updates by number on a second run', async () => {
    const workbook = new ExcelJS.Workbook();
    workbook.addWorksheet('Areas').addRows([
      ['number', 'name', 'parent_area_number'],
      ['IM-1', 'Import hall', ''],
      ['IM-2', 'Bay', 'IM-1'],
    ]);
    workbook.addWorksheet('Assets').addRows([
      ['number', 'description', 'area_number', 'parent_asset_number', 'status'],
      ['IM-P1', 'Pump', 'IM-2', '', 'in service'],
      ['IM-P2', 'Motor', 'IM-2', 'IM-P1', ''],
    ]);
    workbook.addWorksheet('Components').addRows([
      ['asset_number', 'number', 'name'],
      ['IM-P1', 'C-1', 'Drive'],
    ]);
    workbook.addWorksheet('EnergySources').addRows([
      ['asset_number', 'component_number', 'energy_type', 'magnitude', 'unit', 'stored_energy', 'description'],
      ['IM-P1', 'C-1', 'Electrical', '480', 'V', 'no', 'Feed'],
    ]);
    workbook.addWorksheet('IsolationPoints').addRows([
      ['asset_number', 'component_number', 'code', 'device_type', 'lockable', 'tag_only_measure'],
      ['IM-P1', 'C-1', 'E-1', 'breaker', 'yes', ''],
      ['IM-P1', 'C-1', 'E-2', 'valve', 'no', 'Blind flange added'],
    ]);
    const file = Buffer.from(await workbook.xlsx.writeBuffer());
    const up = await upload(file, 'plant.xlsx');
    expect(up.statusCode).toBe(200);
    expect(up.json().preview).toHaveLength(5);
    const commit = await post(`/api/asset-imports/${up.json<{ ID: number }>().ID}/commit`);
    expect(commit.statusCode).toBe(200);
    expect(commit.json().counts).toContainEqual({ kind: 'isolation-points', rows: 2, created: 2, updated: 0 });
    const again = await upload(file, 'plant.xlsx');
    const second = await post(`/api/asset-imports/${again.json<{ ID: number }>().ID}/commit`);
    expect(second.json().counts).toContainEqual({ kind: 'assets', rows: 2, created: 0, updated: 2 });
    const motor = await db()
      .selectFrom('assets')
      .select(['parent_asset_id'])
      .where('number', '=', 'IM-P2')
      .executeTakeFirstOrThrow();
    expect(motor.parent_asset_id).not.toBeNull();
    const history = (
      await t.app.inject({ url: '/api/asset-imports', headers: { authorization: `Bearer ${token}` } })
    ).json<{ total: number }>();
    expect(history.total).toBeGreaterThanOrEqual(2);
    const original = await t.app.inject({
      url: `/api/asset-imports/${up.json<{ ID: number }>().ID}/file`,
      headers: { authorization: `Bearer ${token}` },
    });
    expect(original.rawPayload.equals(file)).toBe(true);
  });

  it('reports each bad row and writes nothing', async () => {
    expect((await rejected('number,name,colour\nX-1,A,red\n', 'a.csv', 'areas')).messages).toContainEqual(
      expect.stringMatching(/1 colour: Unknown column/),
    );
    expect((await rejected('number\nX-1\n', 'a.csv', 'areas')).messages).toContainEqual(
      expect.stringMatching(/Missing column name/),
    );
    expect((await rejected('number,name\nX-1,\n', 'a.csv', 'areas')).messages).toContainEqual(
      '2 name: name is required',
    );
    expect((await rejected('number,name\nX-1,A\nX-1,B\n', 'a.csv', 'areas')).messages).toContainEqual(
      '3 number: Duplicate in the file: also on row 2',
    );
    expect((await rejected('number,name,parent_area_number\nX-1,A,NOPE\n', 'a.csv', 'areas')).messages).toContainEqual(
      expect.stringMatching(/Unknown area NOPE/),
    );
    expect(
      (await rejected('number,name,parent_area_number\nX-1,A,X-2\nX-2,B,X-1\n', 'a.csv', 'areas')).messages[0],
    ).toMatch(/own sub-area/);
    expect(
      (
        await rejected(
          'asset_number,component_number,code,device_type\nPR-001,C-1,Z-1,teleporter\n',
          'p.csv',
          'isolation-points',
        )
      ).messages,
    ).toContainEqual(expect.stringMatching(/Unknown device type/));
    expect(
      (
        await rejected(
          'asset_number,component_number,code,device_type,lockable\nPR-001,C-1,Z-1,valve,no\n',
          'p.csv',
          'isolation-points',
        )
      ).messages,
    ).toContainEqual(expect.stringMatching(/\(c\)\(3\)/));
    expect(
      (
        await rejected(
          'asset_number,component_number,energy_type,magnitude\nPR-001,C-1,electrical,lots\n',
          'e.csv',
          'energy-sources',
        )
      ).messages,
    ).toContainEqual(expect.stringMatching(/must be a number/));
  });

  it('refuses files that are not what they claim', async () => {
    const latin1 = Buffer.from('number,name\nX-1,Caf\xe9\n', 'latin1');
    expect(await rejected(latin1, 'a.csv', 'areas')).toEqual({
      status: 400,
      messages: [expect.stringMatching(/not valid UTF-8/)],
    });
    expect(await rejected('', 'a.csv', 'areas')).toEqual({ status: 400, messages: ['The file is empty'] });
    expect(await rejected('number,name\n', 'a.csv', 'areas')).toEqual({
      status: 400,
      messages: [expect.stringMatching(/no data rows/)],
    });
    const big = Buffer.alloc(20 * 1024 * 1024 + 10, 0x41);
    expect(await rejected(big, 'a.csv', 'areas')).toEqual({
      status: 413,
      messages: [expect.stringMatching(/larger than 20 MB/)],
    });
    const exe = Buffer.concat([Buffer.from('MZ\x90\x00', 'latin1'), Buffer.alloc(4000, 7)]);
    expect(await rejected(exe, 'assets.xlsx')).toEqual({
      status: 400,
      messages: [expect.stringMatching(/not a zip archive/)],
    });
    const bomb = Buffer.from(zipSync({ 'xl/worksheets/sheet1.xml': new Uint8Array(200 * 1024 * 1024) }, { level: 1 }));
    expect(await rejected(bomb, 'bomb.xlsx')).toEqual({ status: 400, messages: [expect.stringMatching(/zip bomb/)] });
    expect((await rejected('x', 'a.txt')).status).toBe(415);
  });

  it('never exports a formula unescaped, and reads escaped cells back as they were', async () => {
    for (const cell of ['=1+2', '+1', '-1', '@SUM(A1)', '\tx', '\rx'])
      expect(escapeSpreadsheetCell(cell)).toBe(`'${cell}`);
    expect(escapeSpreadsheetCell('A-1')).toBe('A-1');
    const up = await upload('number,name\nFX-1,"\'=HYPERLINK(""http://evil"")"\n', 'f.csv', 'areas');
    expect((await post(`/api/asset-imports/${up.json<{ ID: number }>().ID}/commit`)).statusCode).toBe(200);
    const area = await db().selectFrom('areas').select('name').where('number', '=', 'FX-1').executeTakeFirstOrThrow();
    expect(area.name).toBe('=HYPERLINK("http://evil")');
    const template = await t.app.inject({
      url: '/api/asset-imports/templates/workbook?format=xlsx',
      headers: { authorization: `Bearer ${token}` },
    });
    expect(template.statusCode).toBe(200);
    const csv = await t.app.inject({
      url: '/api/asset-imports/templates/assets?format=csv',
      headers: { authorization: `Bearer ${token}` },
    });
    expect(csv.body).toContain('number,description,area_number');
  });
});

const auth = () => ({ authorization: `Bearer ${token}` });
const workbookOf = async (sheets: Record<string, string[][]>) => {
  const workbook = new ExcelJS.Workbook();
  for (const [name, rows] of Object.entries(sheets)) workbook.addWorksheet(name).addRows(rows);
  return Buffer.from(await workbook.xlsx.writeBuffer());
};

/**
 * A zip whose directory says the sheet unpacks to 1 MB while it really inflates to 150 MB of
 * spaces: the ratio and size checks on the directory pass, so only a capped inflate stops it.
 */
function lyingZipBomb(): Buffer {
  const text = (s: string) => new TextEncoder().encode(s);
  const sheetName = 'xl/worksheets/sheet1.xml';
  const zip = Buffer.from(
    zipSync(
      {
        'xl/workbook.xml': text(
          '<workbook xmlns:r="urn:r"><sheets><sheet name="Areas" sheetId="1" r:id="rId1"/></sheets></workbook>',
        ),
        'xl/_rels/workbook.xml.rels': text(
          '<Relationships><Relationship Id="rId1" Type="urn:worksheet" Target="worksheets/sheet1.xml"/></Relationships>',
        ),
        [sheetName]: new Uint8Array(150 * 1024 * 1024).fill(0x20),
      },
      { level: 6 },
    ),
  );
  const local = zip.indexOf(sheetName) - 30;
  const central = zip.indexOf(sheetName, local + 31) - 46;
  zip.writeUInt32LE(1024 * 1024, local + 22);
  zip.writeUInt32LE(1024 * 1024, central + 24);
  return zip;
}

describe('asset import rules', () => {
  it('refuses the bad-file corpus with a clear message and writes nothing', async () => {
    const utf16 = Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from('number,name\nX-1,Café\n', 'utf16le')]);
    expect(await rejected(utf16, 'a.csv', 'areas')).toEqual({
      status: 400,
      messages: [expect.stringMatching(/not valid UTF-8.*UTF-16/)],
    });
    const png = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(64)]);
    expect((await rejected(png, 'areas.csv', 'areas')).messages[0]).toMatch(/not valid UTF-8|not CSV text/);
    const nul = Buffer.from('number,name\nX-1,A\u0000B\n', 'utf8');
    expect((await rejected(nul, 'areas.csv', 'areas')).messages[0]).toMatch(/binary data/);
    const csvAsXlsx = Buffer.from('number,name\nX-1,A\n');
    expect((await rejected(csvAsXlsx, 'areas.xlsx')).messages[0]).toMatch(/not a zip archive/);
    const bomb = lyingZipBomb();
    expect(bomb.length).toBeLessThan(1024 * 1024);
    const rssBefore = process.memoryUsage().rss;
    expect(await rejected(bomb, 'bomb.xlsx')).toEqual({ status: 400, messages: [expect.stringMatching(/zip bomb/)] });
    // Stopped at the declared size: nowhere near the 150 MB the entry would inflate to.
    expect(process.memoryUsage().rss - rssBefore).toBeLessThan(100 * 1024 * 1024);
    const noSheets = await workbookOf({ Sheet1: [['number', 'name']] });
    expect((await rejected(noSheets, 'other.xlsx')).messages[0]).toMatch(/none of the sheets Areas/);
    expect((await rejected('number,name\n', 'a.csv')).messages[0]).toMatch(/Choose what the CSV file holds/);
    const manyRows = `number,name\n${'R,r\n'.repeat(200_001)}`;
    expect((await rejected(manyRows, 'many.csv', 'areas')).messages[0]).toMatch(
      /more than 200,000 data rows; at most 200,000/,
    );
  });

  it('reports unknown parents and master-list values of every kind', async () => {
    const cases: [string, string, RegExp][] = [
      ['assets', 'number,description,area_number\nUX-1,Pump,NO-AREA\n', /Unknown area NO-AREA/],
      [
        'assets',
        'number,description,area_number,parent_asset_number\nUX-1,Pump,A-100,NO-ASSET\n',
        /Unknown asset NO-ASSET/,
      ],
      ['assets', 'number,description,area_number,status\nUX-1,Pump,A-100,broken\n', /Status must be one of/],
      ['components', 'asset_number,number,name\nNO-ASSET,C-1,Drive\n', /Unknown asset NO-ASSET/],
      ['energy-sources', 'asset_number,component_number,energy_type\nPR-001,C-1,nuclear\n', /Unknown energy type/],
      ['energy-sources', 'asset_number,component_number,energy_type\nPR-001,C-9,electrical\n', /Unknown component C-9/],
      [
        'isolation-points',
        'asset_number,component_number,code,device_type,lockable\nPR-001,C-1,Z-1,valve,maybe\n',
        /Write yes or no/,
      ],
      ['components', 'asset_number,number,name\nPR-001,C-7,A\nPR-001,C-7,B\n', /Duplicate in the file: also on row 2/],
    ];
    for (const [kind, text, message] of cases) {
      expect((await rejected(text, `${kind}.csv`, kind)).messages, text).toContainEqual(expect.stringMatching(message));
    }
  });

  it('writes nothing when the commit fails halfway, records the failure, and can be retried', async () => {
    const file = await workbookOf({
      Areas: [
        ['number', 'name'],
        ['MC-1', 'Halfway'],
      ],
      Assets: [
        ['number', 'description', 'area_number'],
        ['MC-P1', 'Pump', 'MC-1'],
      ],
      Components: [
        ['asset_number', 'number', 'name'],
        ['MC-P1', 'C-1', 'Drive'],
      ],
      IsolationPoints: [
        ['asset_number', 'component_number', 'code', 'device_type'],
        ['MC-P1', 'C-1', 'E-1', 'breaker'],
        ['MC-P1', 'C-1', 'BOOM', 'breaker'],
      ],
    });
    // The last kind written fails in the database, after areas, assets and components went in.
    await asSuperuser(t.connections[0]!.url, [
      `create function hasp_test_boom() returns trigger language plpgsql as $$
        begin if new.code = 'BOOM' then raise exception 'disk full (test)'; end if; return new; end $$`,
      `create trigger hasp_test_boom before insert on isolation_points for each row execute function hasp_test_boom()`,
    ]);
    const before = await counts();
    const up = await upload(file, 'halfway.xlsx');
    const id = up.json<{ ID: number }>().ID;
    try {
      const commit = await post(`/api/asset-imports/${id}/commit`);
      expect(commit.statusCode).toBe(500);
      expect(await counts()).toEqual(before);
      const stored = (await t.app.inject({ url: `/api/asset-imports/${id}`, headers: auth() })).json<{
        status: string;
        resultMessage: string;
      }>();
      expect(stored.status).toBe('failed');
      expect(stored.resultMessage).toMatch(/nothing was written \(disk full \(test\)\)/);
    } finally {
      await asSuperuser(t.connections[0]!.url, [
        'drop trigger hasp_test_boom on isolation_points',
        'drop function hasp_test_boom()',
      ]);
    }
    const retry = await post(`/api/asset-imports/${id}/commit`);
    expect(retry.statusCode).toBe(200);
    expect(await counts()).toEqual([before[0]! + 1, before[1]! + 1, before[2]! + 1, before[3], before[4]! + 2]);
    expect((await post(`/api/asset-imports/${id}/commit`)).statusCode).toBe(409);
  });

  it('updates existing records by number and keeps the history: who, when, file, counts, result', async () => {
    const first = await upload(
      'number,description,area_number,manufacturer\nUP-1,Pump,A-100,Acme\n',
      'up.csv',
      'assets',
    );
    expect((await post(`/api/asset-imports/${first.json<{ ID: number }>().ID}/commit`)).statusCode).toBe(200);
    const [, assetsBefore] = await counts();
    const startedAt = Date.now();
    const second = await upload(
      'number,description,area_number,manufacturer\nUP-1,Pump (rebuilt),A-200,Bosch\nUP-2,New pump,A-200,\n',
      'up-2.csv',
      'assets',
    );
    const id = second.json<{ ID: number }>().ID;
    const commit = await post(`/api/asset-imports/${id}/commit`);
    expect(commit.json().counts).toEqual([{ kind: 'assets', rows: 2, created: 1, updated: 1 }]);
    const [, assetsAfter] = await counts();
    expect(assetsAfter).toBe(assetsBefore! + 1);
    const updated = await db()
      .selectFrom('assets as s')
      .innerJoin('areas as a', 'a.id', 's.area_id')
      .select(['s.description', 's.manufacturer', 'a.number as area'])
      .where('s.number', '=', 'UP-1')
      .executeTakeFirstOrThrow();
    expect(updated).toEqual({ description: 'Pump (rebuilt)', manufacturer: 'Bosch', area: 'A-200' });

    const bad = await rejected('number,description,area_number\nUP-3,,A-100\n', 'bad.csv', 'assets');
    expect(bad.status).toBe(400);
    const history = (await t.app.inject({ url: '/api/asset-imports?pageSize=50', headers: auth() })).json<{
      items: {
        ID: number;
        fileName: string;
        status: string;
        uploadedBy: { displayName: string };
        uploadedAt: string;
        committedAt: string | null;
        counts: unknown[];
        resultMessage: string | null;
      }[];
    }>();
    const entry = history.items.find((i) => i.ID === id)!;
    expect(entry).toMatchObject({
      fileName: 'up-2.csv',
      status: 'committed',
      uploadedBy: { displayName: expect.stringMatching(/\S/) },
      counts: [{ kind: 'assets', rows: 2, created: 1, updated: 1 }],
      resultMessage: null,
    });
    expect(Date.parse(entry.uploadedAt)).toBeGreaterThanOrEqual(startedAt - 5000);
    expect(Date.parse(entry.committedAt!)).toBeGreaterThanOrEqual(Date.parse(entry.uploadedAt));
    expect(history.items[0]).toMatchObject({
      fileName: 'bad.csv',
      status: 'invalid',
      resultMessage: /nothing was imported/,
    });
    const original = await t.app.inject({ url: `/api/asset-imports/${id}/file`, headers: auth() });
    expect(original.headers['content-disposition']).toBe('attachment; filename="up-2.csv"');
    expect(original.body).toBe(
      'number,description,area_number,manufacturer\nUP-1,Pump (rebuilt),A-200,Bosch\nUP-2,New pump,A-200,\n',
    );
  });

  it('escapes formula cells in the validation report it exports', async () => {
    const formula = "=cmd|' /C calc'!A0";
    const up = await upload(
      `number,name,parent_area_number\nRX-1,Report,${formula}\nRX-2,@SUM(A1),+1\n`,
      'formula.csv',
      'areas',
    );
    const id = up.json<{ ID: number }>().ID;
    expect((await post(`/api/asset-imports/${id}/validate`)).json().issueCount).toBe(2);
    const csv = await t.app.inject({ url: `/api/asset-imports/${id}/report?format=csv`, headers: auth() });
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-type']).toMatch(/text\/csv/);
    const lines = csv.body
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n');
    expect(lines[0]).toBe('sheet,row,column,value,message');
    expect(lines[1]).toMatch(new RegExp(`^Areas,2,parent_area_number,'=cmd\\|' /C calc'!A0,`));
    expect(lines[2]).toMatch(/^Areas,3,parent_area_number,'\+1,/);
    // No cell of any line starts a formula.
    for (const line of lines) for (const cell of line.split(',')) expect(cell).not.toMatch(/^[=+\-@]/);
    const xlsx = await t.app.inject({ url: `/api/asset-imports/${id}/report?format=xlsx`, headers: auth() });
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(xlsx.rawPayload as unknown as ArrayBuffer);
    const values: string[] = [];
    workbook.getWorksheet('Report')!.eachRow((row) => {
      for (const value of (row.values as unknown[]).slice(1)) values.push(String(value));
    });
    expect(values).toContain(`'${formula}`);
    expect(values.filter((v) => /^[=+\-@]/.test(v))).toEqual([]);
    // The templates go through the same escape: every cell is plain text.
    for (const kind of ['areas', 'assets', 'components', 'energy-sources', 'isolation-points']) {
      const template = await t.app.inject({ url: `/api/asset-imports/templates/${kind}?format=csv`, headers: auth() });
      for (const cell of template.body
        .replace(/^\uFEFF/, '')
        .trim()
        .split(/[,\r\n]+/)) {
        expect(cell).not.toMatch(/^[=+\-@]/);
      }
    }
  });
});
