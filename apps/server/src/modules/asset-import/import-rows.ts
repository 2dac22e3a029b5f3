import type { ImportIssue, ImportKind } from '@hasp/contracts';
import { importColumns, normalizeHeader } from './import-columns';
import type { ParsedSheet } from './import-parse';
import { unescapeSpreadsheetCell } from '../spreadsheet';

/** Issues kept for the report; the count says how many there were in all. */
export const MAX_REPORTED_ISSUES = 1000;

const maxLength: Record<string, number> = {
  number: 50,
  code: 50,
  area_number: 50,
  parent_area_number: 50,
  asset_number: 50,
  parent_asset_number: 50,
  component_number: 50,
  name: 200,
  manufacturer: 200,
  unit: 20,
  normal_position: 100,
  isolated_position: 100,
};
const booleans = new Map([
  ['yes', true],
  ['y', true],
  ['true', true],
  ['1', true],
  ['no', false],
  ['n', false],
  ['false', false],
  ['0', false],
]);

/** A row of a sheet whose header is right: its number in the file and its values by column name. */
export interface ImportRecord {
  row: number;
  get: (column: string) => string;
}

/**
 * The report of a file's check: every issue counted, the first MAX_REPORTED_ISSUES kept, and the
 * readers each kind's check shares (required and too-long values, yes/no, duplicates in the file).
 */
export class ImportReport {
  readonly issues: ImportIssue[] = [];
  issueCount = 0;

  issue(kind: ImportKind, row: number, column: string, value: string, message: string): void {
    this.issueCount += 1;
    if (this.issues.length < MAX_REPORTED_ISSUES)
      this.issues.push({ kind, row, column, value: value.slice(0, 200), message });
  }

  /** A row's values, reporting required ones that are empty and ones that are too long (null: not usable). */
  read(kind: ImportKind, rec: ImportRecord): Record<string, string> | null {
    let ok = true;
    const values: Record<string, string> = {};
    for (const column of importColumns[kind]) {
      const value = rec.get(column.name);
      values[column.name] = value;
      if (column.required && value === '') {
        this.issue(kind, rec.row, column.name, value, `${column.name} is required`);
        ok = false;
      }
      const max = maxLength[column.name] ?? 2000;
      if (value.length > max) {
        this.issue(kind, rec.row, column.name, value, `At most ${max} characters`);
        ok = false;
      }
    }
    return ok ? values : null;
  }

  bool(kind: ImportKind, row: number, column: string, value: string, fallback: boolean): boolean {
    if (value === '') return fallback;
    const parsed = booleans.get(value.toLowerCase());
    if (parsed === undefined) this.issue(kind, row, column, value, 'Write yes or no');
    return parsed ?? fallback;
  }

  /** Duplicate keys within the file: the second and later rows are reported with the first one's row. */
  firstRow(kind: ImportKind) {
    const seen = new Map<string, number>();
    return (key: string, row: number, column: string, value: string) => {
      const first = seen.get(key);
      if (first !== undefined) {
        this.issue(kind, row, column, value, `Duplicate in the file: also on row ${first}`);
        return false;
      }
      seen.set(key, row);
      return true;
    };
  }
}

/** The rows of each sheet whose header is right, as records by column name; a wrong header is reported. */
export function readSheets(report: ImportReport, sheets: ParsedSheet[]): Map<ImportKind, ImportRecord[]> {
  const records = new Map<ImportKind, ImportRecord[]>();
  for (const sheet of sheets) {
    const columns = importColumns[sheet.kind];
    const known = new Set(columns.map((c) => c.name));
    const index = new Map<string, number>();
    let headerOk = true;
    sheet.columns.forEach((header, i) => {
      const name = normalizeHeader(header);
      if (name === '') return;
      if (!known.has(name)) {
        report.issue(
          sheet.kind,
          1,
          header,
          header,
          `Unknown column; the columns are: ${columns.map((c) => c.name).join(', ')}`,
        );
        headerOk = false;
      } else if (index.has(name)) {
        report.issue(sheet.kind, 1, header, header, 'This column appears twice');
        headerOk = false;
      } else index.set(name, i);
    });
    for (const column of columns) {
      if (column.required && !index.has(column.name)) {
        report.issue(sheet.kind, 1, column.name, '', `Missing column ${column.name}`);
        headerOk = false;
      }
    }
    if (!headerOk) continue;
    records.set(
      sheet.kind,
      sheet.rows.map((cells) => ({
        row: cells[0],
        get: (column: string) => {
          const i = index.get(column);
          return i === undefined ? '' : unescapeSpreadsheetCell(String(cells[i + 1] ?? '').trim());
        },
      })),
    );
  }
  return records;
}
