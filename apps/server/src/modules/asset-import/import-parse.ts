import { parse as parseCsv } from 'csv-parse/sync';
import {
  IMPORT_MAX_BYTES,
  IMPORT_MAX_ROWS,
  importKinds,
  importSheetNames,
  type ImportFormat,
  type ImportKind,
} from '@hasp/contracts';
import { AppError } from '../../plugins/app-error';
import { readXlsxSheets } from './xlsx-sheets';

/** One parsed sheet: its header cells and its data rows, each with its spreadsheet row number first. */
export interface ParsedSheet {
  kind: ImportKind;
  columns: string[];
  rows: [number, ...string[]][];
}

const refuse = (message: string, field = 'file') => AppError.validation([{ field, message }]);

export function formatOf(fileName: string): ImportFormat {
  const lower = fileName.toLowerCase();
  if (lower.endsWith('.csv')) return 'csv';
  if (lower.endsWith('.xlsx')) return 'xlsx';
  throw new AppError('UNSUPPORTED_MEDIA_TYPE', 415, 'Upload a .csv or .xlsx file');
}

/** Reads an uploaded file into sheets, refusing what is empty, too large, not what it claims, or a zip bomb. */
export async function parseImportFile(bytes: Buffer, fileName: string, csvKind: ImportKind | undefined) {
  const format = formatOf(fileName);
  if (bytes.length === 0) throw refuse('The file is empty');
  if (bytes.length > IMPORT_MAX_BYTES) {
    throw new AppError('PAYLOAD_TOO_LARGE', 413, 'The file is larger than 20 MB; split it into smaller files');
  }
  const sheets = format === 'csv' ? [parseCsvFile(bytes, csvKind)] : parseXlsxFile(bytes);
  if (sheets.every((s) => s.rows.length === 0)) throw refuse('The file has no data rows under the header');
  const rows = sheets.reduce((total, s) => total + s.rows.length, 0);
  if (rows > IMPORT_MAX_ROWS) {
    throw refuse(
      `The file has ${rows.toLocaleString('en-US')} data rows; at most ${IMPORT_MAX_ROWS.toLocaleString('en-US')} can be imported at once. Split it into smaller files.`,
    );
  }
  return { format, sheets };
}

function parseCsvFile(bytes: Buffer, kind: ImportKind | undefined): ParsedSheet {
  if (!kind)
    throw refuse(
      'Choose what the CSV file holds (areas, assets, components, energy sources or isolation points)',
      'kind',
    );
  let text: string;
  try {
    // Fatal: a file saved in another encoding (Windows-1252, UTF-16) must not import as garbled text.
    text = new TextDecoder('utf-8', { fatal: true, ignoreBOM: false }).decode(bytes);
  } catch {
    throw refuse(
      'The file is not valid UTF-8 text (it looks like another encoding, such as Windows-1252 or UTF-16). Save it as "CSV UTF-8" and upload it again.',
    );
  }
  if (text.includes('\0')) throw refuse('The file is not CSV text (it contains binary data)');
  let records: string[][];
  try {
    const parsed: unknown = parseCsv(text, { relax_column_count: true, skip_empty_lines: false, bom: true });
    records = parsed as string[][];
  } catch (error) {
    throw refuse(`The CSV file cannot be read: ${(error as Error).message}`);
  }
  const [header, ...data] = records;
  if (!header || header.every((h) => h.trim() === '')) throw refuse('The file is empty');
  const rows: ParsedSheet['rows'] = [];
  data.forEach((cells, index) => {
    if (cells.some((c) => c.trim() !== '')) rows.push([index + 2, ...cells]);
  });
  return { kind, columns: header, rows };
}

const kindBySheetName = new Map(importKinds.map((k) => [importSheetNames[k].toLowerCase(), k]));
const sheetKind = (name: string) => kindBySheetName.get(name.trim().toLowerCase());

/** The sheets named like the template's; in each, the first non-empty row is the header. */
function parseXlsxFile(bytes: Buffer): ParsedSheet[] {
  const sheets: ParsedSheet[] = [];
  for (const sheet of readXlsxSheets(bytes, (name) => sheetKind(name) !== undefined)) {
    const parsed: ParsedSheet = { kind: sheetKind(sheet.name)!, columns: [], rows: [] };
    for (const row of sheet.rows) {
      if (row.cells.every((v) => v.trim() === '')) continue;
      if (parsed.columns.length === 0) parsed.columns = row.cells;
      else parsed.rows.push([row.number, ...row.cells]);
    }
    sheets.push(parsed);
  }
  if (!sheets.length) {
    throw refuse(
      `The workbook has none of the sheets ${importKinds.map((k) => importSheetNames[k]).join(', ')}; use the template`,
    );
  }
  return sheets;
}
