import { AppError } from '../../plugins/app-error';
import { readXml, StopReading, type XmlHandlers } from './xlsx-xml';
import { inflateEntry, readZipDirectory, XLSX_MAX_UNCOMPRESSED_BYTES, type ZipEntry } from './xlsx-zip';

/**
 * Reads the cell text of chosen sheets of an XLSX workbook (SpreadsheetML), from the zip entries
 * we inflate ourselves under a cap (xlsx-zip.ts), streamed through a SAX parser (xlsx-xml.ts):
 * rows are handed to `onRow` as they are read, so the caller can stop at its row cap and no
 * sheet is ever held whole. We do not hand uploads to exceljs: its stream reader inflates without
 * a cap, and it loses the workbook part when that comes last in the archive (as in the files
 * exceljs itself writes), failing at random. Only what an import needs is read: sheet names,
 * shared strings, and each row's cell values as text.
 */

export interface XlsxRow {
  /** The spreadsheet's row number. */
  number: number;
  /** The cells up to the last one that holds a value (gaps filled with ''). */
  cells: string[];
}

/** Excel's own limit on the characters in a cell. */
const MAX_CELL_TEXT = 32_767;
/** The same, as escaped XML may spell it (`_x0001_` is 7 characters for one). */
const MAX_CELL_XML = MAX_CELL_TEXT * 7;

const refuse = (message: string) => AppError.validation([{ field: 'file', message }]);
const damaged = () => refuse('The XLSX file is damaged and cannot be read');

/** OOXML's _xHHHH_ escapes for characters XML cannot hold (saxes has decoded the XML entities). */
const unescapeOoxml = (text: string) =>
  text.includes('_x')
    ? text.replace(/_x([0-9a-fA-F]{4})_/g, (_w, hex: string) => String.fromCharCode(parseInt(hex, 16)))
    : text;

/** "BC12" → 54 (0-based column of the cell reference). */
function columnIndex(reference: string): number {
  let index = 0;
  for (const char of reference) {
    const code = char.charCodeAt(0);
    if (code < 65 || code > 90) break;
    index = index * 26 + (code - 64);
  }
  return index - 1;
}

function cellValue(type: string | undefined, raw: string, shared: string[]): string {
  if (type === 'inlineStr') return raw;
  switch (type) {
    case 's':
      return raw === '' ? '' : (shared[Number(raw)] ?? '');
    case 'b':
      return raw === '1' ? 'true' : raw === '0' ? 'false' : raw;
    case 'str':
    case 'e':
    case 'd':
      return raw;
    default: {
      // A number: written back the way a person typed it (480, not 480.0 or 4.8E2).
      const number = Number(raw);
      return raw !== '' && Number.isFinite(number) ? String(number) : raw;
    }
  }
}

/**
 * Collects the text of string items (<si>, <is>): their <t> runs, without phonetic guides (<rPh>).
 * `item` names the element that holds one string.
 */
function textCollector(item: string, where: () => string) {
  let text: string | null = null;
  let inT = false;
  let inPhonetic = 0;
  return {
    open(name: string) {
      // Nothing opens inside a <t>, and items do not nest: an unclosed tag is refused at once.
      if (inT || (name === item && text !== null)) throw outOfPlace(name, where());
      if (name === item) text = '';
      else if (name === 'rPh') inPhonetic++;
      else if (name === 't' && text !== null && inPhonetic === 0) inT = true;
    },
    /** The item's text when `name` closes it, else undefined. */
    close(name: string): string | undefined {
      if (name === 't') inT = false;
      else if (name === 'rPh') inPhonetic--;
      else if (name === item && text !== null) {
        const done = unescapeOoxml(text);
        text = null;
        if (done.length > MAX_CELL_TEXT) throw tooLong(where());
        return done;
      }
      return undefined;
    },
    text(chunk: string) {
      if (!inT || text === null) return;
      text += chunk;
      if (text.length > MAX_CELL_XML) throw tooLong(where());
    },
  };
}

const outOfPlace = (name: string, where: string) =>
  refuse(`The XLSX file cannot be read at ${where}: a <${name}> element is out of place`);
const tooLong = (where: string) =>
  refuse(
    `The XLSX file cannot be read at ${where}: it holds more than ${MAX_CELL_TEXT.toLocaleString('en-US')} characters, more than a cell can`,
  );

async function readSharedStrings(chunks: AsyncIterable<Uint8Array>): Promise<string[]> {
  const shared: string[] = [];
  const where = () => `shared string ${shared.length + 1}`;
  const items = textCollector('si', where);
  await readXml(
    chunks,
    {
      open: (name) => items.open(name),
      close: (name) => {
        const text = items.close(name);
        if (text !== undefined) shared.push(text);
      },
      text: (text) => items.text(text),
    },
    where,
  );
  return shared;
}

/** Streams the rows of one worksheet to `onRow`; stops at the end of <sheetData> (nothing after it matters). */
async function readRows(
  chunks: AsyncIterable<Uint8Array>,
  sheetName: string,
  shared: string[],
  onRow: (row: XlsxRow) => void,
): Promise<void> {
  let inSheetData = false;
  let row: (XlsxRow & { next: number }) | null = null;
  let previous = 0;
  let cell: { reference: string; index: number; type: string | undefined } | null = null;
  let value: string | null = null;
  let inV = false;
  const where = () =>
    cell
      ? `cell ${cell.reference} of sheet ${sheetName}`
      : row
        ? `row ${row.number} of sheet ${sheetName}`
        : `sheet ${sheetName}`;
  const inline = textCollector('is', where);
  const notHere = (name: string) => outOfPlace(name, where());

  const handlers: XmlHandlers = {
    open(name, attributes) {
      if (!inSheetData) {
        if (name === 'sheetData') inSheetData = true;
        return;
      }
      if (inV) throw notHere(name);
      if (name === 'row') {
        if (row) throw notHere(name);
        const number = attributes.r === undefined ? previous + 1 : Number(attributes.r);
        if (!Number.isInteger(number) || number < 1 || number > 1_048_576) throw damaged();
        row = { number, cells: [], next: 0 };
        previous = number;
      } else if (name === 'c') {
        if (!row || cell) throw notHere(name);
        const reference = attributes.r;
        const index = reference ? columnIndex(reference) : row.next;
        if (index < 0 || index > 16_383) throw damaged();
        cell = { reference: reference ?? `#${index + 1}`, index, type: attributes.t };
        value = null;
      } else if (cell) {
        if (cell.type === 'inlineStr') inline.open(name);
        else if (name === 'v' && value === null) {
          inV = true;
          value = '';
        }
      }
    },
    close(name) {
      if (!inSheetData) return;
      if (name === 'sheetData') throw new StopReading();
      if (name === 'v') {
        inV = false;
        if (cell && cell.type !== 'inlineStr' && value !== null) value = unescapeOoxml(value);
      } else if (name === 'c' && row && cell) {
        const text = cellValue(cell.type, value ?? '', shared);
        // Only cells with a value are kept: a row of formatted empty cells out to XFD costs nothing.
        if (text !== '') {
          while (row.cells.length < cell.index) row.cells.push('');
          row.cells[cell.index] = text;
        }
        row.next = cell.index + 1;
        cell = null;
      } else if (name === 'row' && row) {
        onRow({ number: row.number, cells: row.cells });
        row = null;
      } else if (cell?.type === 'inlineStr') {
        const text = inline.close(name);
        if (text !== undefined) value = (value ?? '') + text;
      }
    },
    text(text) {
      if (!cell) return;
      if (cell.type === 'inlineStr') inline.text(text);
      else if (inV) {
        value += text;
        if (value!.length > MAX_CELL_XML) throw tooLong(where());
      }
    },
  };
  await readXml(chunks, handlers, where);
}

/** "worksheets/sheet1.xml" (relative to xl/) or "/xl/worksheets/sheet1.xml" → the zip entry name. */
const partName = (target: string) => (target.startsWith('/') ? target.slice(1) : `xl/${target}`);

/** The elements named `element` of a small part (workbook, relationships), with their attributes. */
async function readElements(chunks: AsyncIterable<Uint8Array>, element: string, part: string) {
  const found: Record<string, string>[] = [];
  await readXml(chunks, { open: (name, attributes) => name === element && found.push(attributes) }, () => part);
  return found;
}

/**
 * Reads the sheets, in workbook order, for which `sheet` returns a row handler, handing it each
 * row as it is read (a throw there stops the reading); refuses damaged archives and zip bombs.
 */
export async function readXlsxSheets(
  bytes: Buffer,
  sheet: (sheetName: string) => ((row: XlsxRow) => void) | null,
): Promise<void> {
  const entries = readZipDirectory(bytes);
  const budget = { left: XLSX_MAX_UNCOMPRESSED_BYTES };
  const part = (name: string) => {
    const entry: ZipEntry | undefined = entries.get(name);
    return entry ? inflateEntry(bytes, entry, budget) : null;
  };
  const workbook = part('xl/workbook.xml');
  const rels = part('xl/_rels/workbook.xml.rels');
  if (workbook === null || rels === null) throw damaged();

  const targets = new Map<string, { type: string; target: string }>();
  for (const relationship of await readElements(rels, 'Relationship', 'xl/_rels/workbook.xml.rels')) {
    const { Id: id, Target: target, Type: type } = relationship;
    if (id && target) targets.set(id, { type: type ?? '', target });
  }
  const sheetList = await readElements(workbook, 'sheet', 'xl/workbook.xml');
  const sharedTarget = [...targets.values()].find((t) => t.type.endsWith('/sharedStrings'));
  const sharedPart = part(sharedTarget ? partName(sharedTarget.target) : 'xl/sharedStrings.xml');
  const shared = sharedPart ? await readSharedStrings(sharedPart) : [];

  for (const attributes of sheetList) {
    const name = unescapeOoxml(attributes.name ?? '');
    const relId = Object.entries(attributes).find(([key]) => /^[A-Za-z_][\w.-]*:id$/.test(key))?.[1];
    const target = relId ? targets.get(relId) : undefined;
    const onRow = target ? sheet(name) : null;
    if (!target || !onRow) continue;
    const chunks = part(partName(target.target));
    if (!chunks) throw damaged();
    await readRows(chunks, name, shared, onRow);
  }
}
