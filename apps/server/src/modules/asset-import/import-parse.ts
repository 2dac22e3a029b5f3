import {
  IMPORT_MAX_BYTES,
  IMPORT_MAX_ROWS,
  importKinds,
  importSheetNames,
  type ImportFormat,
  type ImportKind,
} from '@hasp/contracts';
import { AppError } from '../../plugins/app-error';
import { CsvReadError, readCsv } from '../spreadsheet';
import { readXlsxSheets } from './xlsx-sheets';

/** One parsed sheet: its header cells and its data rows, each with its spreadsheet row number first. */
export interface ParsedSheet {
  kind: ImportKind;
  columns: string[];
  rows: [number, ...string[]][];
}

const refuse = (message: string, field = 'file') => AppError.validation([{ field, message }]);
const count = (n: number) => n.toLocaleString('en-US');

/** Cells of all rows together (200,000 rows of 25): bounds memory whatever the shape of the file. */
export const IMPORT_MAX_CELLS = 5_000_000;

/**
 * Counts data rows and cells while a file is read, and stops the reading (by throwing) the
 * moment either passes its cap: a file of a million rows is refused at row 200,001, not after.
 */
function dataRowLimits() {
  let rows = 0;
  let cells = 0;
  return (rowCells: number) => {
    if (++rows > IMPORT_MAX_ROWS) {
      throw refuse(
        `The file has more than ${count(IMPORT_MAX_ROWS)} data rows; at most ${count(IMPORT_MAX_ROWS)} can be imported at once. Split it into smaller files.`,
      );
    }
    cells += rowCells;
    if (cells > IMPORT_MAX_CELLS) {
      throw refuse(
        `The file has more than ${count(IMPORT_MAX_CELLS)} cells in its data rows; an import holds at most that. Remove unused columns or split the file.`,
      );
    }
  };
}

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
  const sheets = format === 'csv' ? [await parseCsvFile(bytes, csvKind)] : await parseXlsxFile(bytes);
  if (sheets.every((s) => s.rows.length === 0)) throw refuse('The file has no data rows under the header');
  return { format, sheets };
}

async function parseCsvFile(bytes: Buffer, kind: ImportKind | undefined): Promise<ParsedSheet> {
  if (!kind)
    throw refuse(
      'Choose what the CSV file holds (areas, assets, components, energy sources or isolation points)',
      'kind',
    );
  const sheet: ParsedSheet = { kind, columns: [], rows: [] };
  const limit = dataRowLimits();
  try {
    // Each record is kept or dropped as it is read; blank lines still count, so row numbers
    // match the file as a spreadsheet shows it.
    await readCsv(bytes, (cells, { record, row }) => {
      if (record === 1) sheet.columns = cells;
      else if (cells.some((c) => c.trim() !== '')) {
        limit(cells.length);
        sheet.rows.push([row, ...cells]);
      }
    });
  } catch (error) {
    if (!(error instanceof CsvReadError)) throw error;
    throw refuse(error.problem === 'syntax' ? `The CSV file cannot be read: ${error.message}` : error.message);
  }
  if (sheet.columns.every((h) => h.trim() === '')) throw refuse('The file is empty');
  return sheet;
}

const kindBySheetName = new Map(importKinds.map((k) => [importSheetNames[k].toLowerCase(), k]));
const sheetKind = (name: string) => kindBySheetName.get(name.trim().toLowerCase());

/** The sheets named like the template's; in each, the first non-empty row is the header. */
async function parseXlsxFile(bytes: Buffer): Promise<ParsedSheet[]> {
  const sheets: ParsedSheet[] = [];
  const limit = dataRowLimits();
  await readXlsxSheets(bytes, (name) => {
    const kind = sheetKind(name);
    if (!kind) return null;
    const parsed: ParsedSheet = { kind, columns: [], rows: [] };
    sheets.push(parsed);
    return (row) => {
      if (row.cells.every((v) => v.trim() === '')) return;
      if (parsed.columns.length === 0) parsed.columns = row.cells;
      else {
        limit(row.cells.length);
        parsed.rows.push([row.number, ...row.cells]);
      }
    };
  });
  if (!sheets.length) {
    throw refuse(
      `The workbook has none of the sheets ${importKinds.map((k) => importSheetNames[k]).join(', ')}; use the template`,
    );
  }
  return sheets;
}
