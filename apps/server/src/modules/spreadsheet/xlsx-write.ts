import { once } from 'node:events';
import type { Writable } from 'node:stream';
import ExcelJS from 'exceljs';
import { escapeSpreadsheetCell } from './formula-cells';

type ZipEntryInput = Writable & { _writableState?: { needDrain?: boolean } };

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
  // exceljs writes the sheet's XML into the zip's deflater without waiting for it (StreamBuf ignores
  // backpressure), so a fast producer piles the uncompressed XML up in memory: 300,000 rows grew
  // RSS by 260 MB. Waiting for the deflater's drain after each batch keeps memory flat.
  // The pipe is readable-stream 2's PassThrough (archiver's), which has no writableNeedDrain: its state says.
  const sheetXml = (sheet as unknown as { stream: { pipes?: ZipEntryInput[] } }).stream;
  return {
    /** Writes a batch; resolves when the zip has taken it in (await it before the next batch; `out`'s own drain is the caller's). */
    async addRows(rows: readonly (readonly SheetCell[])[]): Promise<void> {
      for (const row of rows) {
        sheet.addRow(row.map((cell) => (typeof cell === 'string' ? escapeSpreadsheetCell(cell) : cell))).commit();
      }
      for (const pipe of sheetXml.pipes ?? []) if (pipe._writableState?.needDrain) await once(pipe, 'drain');
    },
    async end(): Promise<void> {
      sheet.commit();
      await workbook.commit();
    },
  };
}
