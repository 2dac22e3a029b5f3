import { AppError } from '../../plugins/app-error';
import { inflateEntry, readZipDirectory, XLSX_MAX_UNCOMPRESSED_BYTES, type ZipEntry } from './xlsx-zip';

/**
 * Reads the cell text of chosen sheets of an XLSX workbook (SpreadsheetML), from the zip entries
 * we inflate ourselves under a cap (xlsx-zip.ts). We do not hand uploads to exceljs: its stream
 * reader inflates without a cap, and it loses the workbook part when that comes last in the
 * archive (as in the files exceljs itself writes), failing at random. Only what an import needs
 * is read: sheet names, shared strings, and each row's cell values as text.
 */

export interface XlsxSheet {
  name: string;
  /** Each row present in the sheet: its row number and its cells (gaps filled with ''). */
  rows: { number: number; cells: string[] }[];
}

const damaged = () => AppError.validation([{ field: 'file', message: 'The XLSX file is damaged and cannot be read' }]);

const entities: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" };
/** XML entities, then OOXML's _xHHHH_ escapes for characters XML cannot hold. */
function decodeText(text: string): string {
  return text
    .replace(/&(#x[0-9a-fA-F]+|#[0-9]+|[a-z]+);/g, (whole, name: string) => {
      if (name.startsWith('#x')) return String.fromCodePoint(parseInt(name.slice(2), 16));
      if (name.startsWith('#')) return String.fromCodePoint(parseInt(name.slice(1), 10));
      return entities[name] ?? whole;
    })
    .replace(/_x([0-9a-fA-F]{4})_/g, (_w, hex: string) => String.fromCharCode(parseInt(hex, 16)));
}

const attribute = (attributes: string, name: string): string | undefined => {
  const match = new RegExp(`(?:^|\\s)${name}\\s*=\\s*(?:"([^"]*)"|'([^']*)')`).exec(attributes);
  return match ? decodeText(match[1] ?? match[2] ?? '') : undefined;
};

/** The text of a string item (<si> or <is>): its <t> runs, without phonetic guides (<rPh>). */
function runText(xml: string): string {
  let text = '';
  for (const match of xml.replace(/<rPh\b[\s\S]*?<\/rPh>/g, '').matchAll(/<t\b[^>]*?(?:\/>|>([\s\S]*?)<\/t>)/g)) {
    text += decodeText(match[1] ?? '');
  }
  return text;
}

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

function cellValue(type: string | undefined, body: string, shared: string[]): string {
  if (type === 'inlineStr') {
    const is = /<is\b[^>]*>([\s\S]*?)<\/is>/.exec(body);
    return is ? runText(is[1]!) : '';
  }
  const v = /<v\b[^>]*>([\s\S]*?)<\/v>/.exec(body);
  const raw = v ? decodeText(v[1]!) : '';
  switch (type) {
    case 's':
      return shared[Number(raw)] ?? '';
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

function readRows(xml: string, shared: string[]): XlsxSheet['rows'] {
  const start = xml.indexOf('<sheetData');
  const end = xml.lastIndexOf('</sheetData>');
  if (start < 0) return [];
  const data = xml.slice(start, end < 0 ? undefined : end);
  const rows: XlsxSheet['rows'] = [];
  let previous = 0;
  for (const row of data.matchAll(/<row\b([^>]*?)(?:\/>|>([\s\S]*?)<\/row>)/g)) {
    const number = Number(attribute(row[1]!, 'r') ?? previous + 1);
    previous = number;
    const cells: string[] = [];
    for (const cell of (row[2] ?? '').matchAll(/<c\b([^>]*?)(?:\/>|>([\s\S]*?)<\/c>)/g)) {
      const reference = attribute(cell[1]!, 'r');
      const index = reference ? columnIndex(reference) : cells.length;
      if (index < 0 || index > 16_383) throw damaged();
      while (cells.length < index) cells.push('');
      cells[index] = cellValue(attribute(cell[1]!, 't'), cell[2] ?? '', shared);
    }
    rows.push({ number, cells });
  }
  return rows;
}

/** "worksheets/sheet1.xml" (relative to xl/) or "/xl/worksheets/sheet1.xml" → the zip entry name. */
const partName = (target: string) => (target.startsWith('/') ? target.slice(1) : `xl/${target}`);

/** Reads the sheets whose name `wanted` accepts; refuses damaged archives and zip bombs. */
export function readXlsxSheets(bytes: Buffer, wanted: (sheetName: string) => boolean): XlsxSheet[] {
  const entries = readZipDirectory(bytes);
  const budget = { left: XLSX_MAX_UNCOMPRESSED_BYTES };
  const text = (entry: ZipEntry | undefined) =>
    entry ? new TextDecoder('utf-8').decode(inflateEntry(bytes, entry, budget)) : null;
  const workbook = text(entries.get('xl/workbook.xml'));
  const rels = text(entries.get('xl/_rels/workbook.xml.rels'));
  if (workbook === null || rels === null) throw damaged();

  const targets = new Map<string, { type: string; target: string }>();
  for (const match of rels.matchAll(/<Relationship\b([^>]*?)\/?>/g)) {
    const id = attribute(match[1]!, 'Id');
    const target = attribute(match[1]!, 'Target');
    if (id && target) targets.set(id, { type: attribute(match[1]!, 'Type') ?? '', target });
  }
  const sharedTarget = [...targets.values()].find((t) => t.type.endsWith('/sharedStrings'));
  const sharedXml = text(entries.get(sharedTarget ? partName(sharedTarget.target) : 'xl/sharedStrings.xml'));
  const shared = sharedXml
    ? [...sharedXml.matchAll(/<si\b[^>]*?(?:\/>|>([\s\S]*?)<\/si>)/g)].map((m) => runText(m[1] ?? ''))
    : [];

  const sheets: XlsxSheet[] = [];
  for (const match of workbook.matchAll(/<sheet\b([^>]*?)\/?>/g)) {
    const name = attribute(match[1]!, 'name') ?? '';
    const relId = /(?:^|\s)[A-Za-z_][\w.-]*:id\s*=\s*"([^"]*)"/.exec(match[1]!)?.[1];
    const target = relId ? targets.get(relId) : undefined;
    if (!wanted(name) || !target) continue;
    const entry = entries.get(partName(target.target));
    if (!entry) throw damaged();
    sheets.push({ name, rows: readRows(text(entry)!, shared) });
  }
  return sheets;
}
