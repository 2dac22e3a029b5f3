import { describe, expect, it } from 'vitest';
import {
  CsvReadError,
  csvCell,
  escapeSpreadsheetCell,
  readCsv,
  startsLikeFormula,
  toEscapedCsv,
  unescapeSpreadsheetCell,
  type CsvPosition,
} from '../src/modules/spreadsheet';
import { readUserCsv } from '../src/modules/user-management/user-csv';

const read = async (text: string | Buffer) => {
  const records: [string[], CsvPosition][] = [];
  await readCsv(typeof text === 'string' ? Buffer.from(text) : text, (cells, at) => records.push([cells, at]), {
    lines: true,
  });
  return records;
};
const failure = (text: string | Buffer) =>
  read(text).then(
    () => undefined,
    (error: unknown) => error as CsvReadError,
  );

describe('the formula-cell rule', () => {
  it('is one rule: = + - @ tab and CR start a formula, for escaping and for refusing alike', () => {
    for (const cell of ['=1+1', '+1', '-1', '@SUM(A1)', '\t=1', '\r=1']) {
      expect(startsLikeFormula(cell), JSON.stringify(cell)).toBe(true);
      expect(escapeSpreadsheetCell(cell)).toBe(`'${cell}`);
      expect(unescapeSpreadsheetCell(escapeSpreadsheetCell(cell))).toBe(cell);
    }
    for (const cell of ['A-1', '1=1', ' =1', "'quoted", '']) {
      expect(startsLikeFormula(cell), JSON.stringify(cell)).toBe(false);
      expect(escapeSpreadsheetCell(cell)).toBe(cell);
      expect(unescapeSpreadsheetCell(cell)).toBe(cell);
    }
  });

  it('writes CSV with quoted and escaped cells that the reader reads back as they were', async () => {
    expect(csvCell('a,b')).toBe('"a,b"');
    expect(csvCell('say "hi"')).toBe('"say ""hi"""');
    const rows = [
      ['=cmd', 'a,b'],
      ['line\nbreak', 'ok'],
    ];
    const file = toEscapedCsv(rows);
    expect([...file.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const back = (await read(file)).map(([cells]) => cells.map(unescapeSpreadsheetCell));
    expect(back).toEqual(rows);
  });
});

describe('the CSV reader', () => {
  it('drops a BOM, reads quoted cells with commas, doubled quotes and line breaks', async () => {
    const records = await read('\uFEFFname,note\r\n"Pump, main","6"" pipe ""A"""\r\n"two\r\nlines",x\r\n');
    expect(records.map(([cells]) => cells)).toEqual([
      ['name', 'note'],
      ['Pump, main', '6" pipe "A"'],
      ['two\r\nlines', 'x'],
    ]);
  });

  it('numbers rows like a spreadsheet and lines like the file, across blank lines and line breaks in cells', async () => {
    // line 1: a,b   2: blank   3-4: a cell over two lines   5, 6: blank   7: c,d (CR LF)   8: e,f
    const records = await read('a,b\n\nx,"multi\r\nline"\n\n\nc,d\r\ne,f');
    expect(records.map(([cells, at]) => [cells[0], at.record, at.row, at.line])).toEqual([
      ['a', 1, 1, 1],
      ['x', 2, 3, 3],
      ['c', 3, 6, 7],
      ['e', 4, 7, 8],
    ]);
  });

  it('takes a quote inside an unquoted cell as text, and mixed or CR-only line ends', async () => {
    expect((await read('12" pipe,b\rc,d\n')).map(([cells]) => cells)).toEqual([
      ['12" pipe', 'b'],
      ['c', 'd'],
    ]);
  });

  it('names the line where an unclosed quoted cell starts', async () => {
    const error = await failure('a,b\n\n\nx,"open\n\nmore');
    expect(error).toBeInstanceOf(CsvReadError);
    expect(error).toMatchObject({ problem: 'syntax', code: 'CSV_QUOTE_NOT_CLOSED', line: 4 });
  });

  it('refuses another encoding and binary data', async () => {
    expect(await failure(Buffer.from([0x61, 0x2c, 0xe9, 0x0a]))).toMatchObject({ problem: 'encoding' });
    expect(await failure(Buffer.from('a,b\n\0,c\n'))).toMatchObject({ problem: 'binary' });
  });

  it("passes what the caller's record handler throws through unchanged", async () => {
    const cap = new RangeError('too many rows');
    const thrown = await readCsv(Buffer.from('a\nb\n'), (_cells, at) => {
      if (at.record === 2) throw cap;
    }).catch((error: unknown) => error);
    expect(thrown).toBe(cap);
  });
});

describe("User Management's CSV (through the one reader)", () => {
  it('keeps its behaviour: BOM, quoted fields, lines of records, one problem for an unclosed quote', async () => {
    expect(await readUserCsv('\uFEFFuserName,displayName\n\n"a.b","Doe, ""J"""\n')).toEqual({
      records: [
        { line: 1, cells: ['userName', 'displayName'] },
        { line: 3, cells: ['a.b', 'Doe, "J"'] },
      ],
    });
    expect(await readUserCsv('userName,displayName\n"two\nlines",x\nc,"open')).toEqual({
      error: { line: 4, message: 'A quoted cell is not closed' },
    });
  });
});
