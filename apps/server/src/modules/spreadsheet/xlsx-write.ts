import type { Writable } from 'node:stream';
import ExcelJS from 'exceljs';
import { escapeSpreadsheetCell } from './formula-cells';

/** A cell of an exported sheet: text (escaped when it starts like a formula), a number, a date or empty. */
export type SheetCell = string | number | Date | null;

/** A sheet name: at most 31 characters, none of []:*?/\ (a caption or a report name may hold them). */
export function sheetName(text: string, fallback: string): string {
  return (
    text
      .replace(/[[\]:*?/\\]/g, ' ')
      .slice(0, 31)
      .trim() || fallback
  );
}

/**
 * The one streaming XLSX writer of every export: exceljs's WorkbookWriter with each row committed
 * as it comes (memory stays at one row whatever the size), no shared strings and no styles (both
 * are held whole until the end). Every text cell, the headings included, goes through the formula
 * rule: a heading is a caption an administrator may edit.
 */
export function xlsxWriter(out: Writable, name: string, header: string[]) {
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: out, useStyles: false, useSharedStrings: false });
  const sheet = workbook.addWorksheet(sheetName(name, 'Sheet1'));
  sheet.addRow(header.map(escapeSpreadsheetCell)).commit();
  return {
    addRows(rows: readonly (readonly SheetCell[])[]): void {
      for (const row of rows) {
        sheet.addRow(row.map((cell) => (typeof cell === 'string' ? escapeSpreadsheetCell(cell) : cell))).commit();
      }
    },
    async end(): Promise<void> {
      sheet.commit();
      await workbook.commit();
    },
  };
}
