import { PassThrough, type Writable } from 'node:stream';
import {
  permitIndexColumnCaptions,
  permitIndexLabels,
  permitRiskCaptions,
  permitRiskLevels,
  permitStatusCaptions,
  permitStatuses,
  type Caption,
  type PermitIndexColumn,
  type PermitIndexRow,
  type PermitRiskLevel,
  type PermitStatus,
} from '@hasp/contracts';
import { escapeSpreadsheetCell, sheetName, xlsxWriter } from '../spreadsheet';

export type ExportFormat = 'csv' | 'xlsx';

export const exportContentTypes: Record<ExportFormat, string> = {
  csv: 'text/csv; charset=utf-8',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
};

/** The captions an export is worded with (the reader's language: `captionTextsForUsers`). */
export const exportCaptions: Caption[] = [
  ...Object.values(permitIndexColumnCaptions),
  ...Object.values(permitStatusCaptions),
  ...Object.values(permitRiskCaptions),
  permitIndexLabels.grid,
];

/** The words of one export: column headings, statuses and risk levels, in the reader's language. */
export interface ExportWords {
  column: Record<PermitIndexColumn, string>;
  status: Record<PermitStatus, string>;
  risk: Record<PermitRiskLevel, string>;
  sheet: string;
}

/** Looks each word up once per export (not per cell): `text` is a caption function, English by default. */
export function exportWords(text: (caption: Caption) => string = (c) => c.defaultCaption): ExportWords {
  const each = <K extends string>(keys: readonly K[], catalog: Record<K, Caption>) =>
    Object.fromEntries(keys.map((key) => [key, text(catalog[key])])) as Record<K, string>;
  return {
    column: each(Object.keys(permitIndexColumnCaptions) as PermitIndexColumn[], permitIndexColumnCaptions),
    status: each(permitStatuses, permitStatusCaptions),
    risk: each(permitRiskLevels, permitRiskCaptions),
    sheet: sheetName(text(permitIndexLabels.grid), 'Permits'),
  };
}
const english = exportWords();

/** The text of one cell, as the index page shows it (labels, names; instants in ISO 8601 UTC). */
export function cellText(row: PermitIndexRow, column: PermitIndexColumn, words: ExportWords = english): string {
  switch (column) {
    case 'number':
      return row.number;
    case 'permitType':
      return row.permitType.name;
    case 'status':
      return words.status[row.status];
    case 'title':
      return row.title;
    case 'area':
      return row.area ? `${row.area.number} ${row.area.name}` : '';
    case 'requester':
      return row.requester.displayName;
    case 'holder':
      return row.holder?.displayName ?? '';
    case 'issuer':
      return row.issuer?.displayName ?? '';
    case 'plannedStart':
      return row.plannedStart;
    case 'plannedEnd':
      return row.plannedEnd;
    case 'riskLevel':
      return row.riskLevel ? words.risk[row.riskLevel] : '';
    case 'createdAt':
      return row.createdAt;
    case 'updatedAt':
      return row.updatedAt;
  }
}

const csvField = (value: string) => {
  const safe = escapeSpreadsheetCell(value);
  return /[",\r\n]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
};

const dateColumns = new Set<PermitIndexColumn>(['plannedStart', 'plannedEnd', 'createdAt', 'updatedAt']);

/** Waits until the reader takes more; fails when the download was abandoned (so the cursor closes). */
function drained(out: Writable): Promise<void> {
  if (out.destroyed) return Promise.reject(new Error('The download was abandoned'));
  return new Promise((resolve, reject) => {
    const done = (error?: Error) => {
      out.off('drain', onDrain);
      out.off('close', onClose);
      if (error) reject(error);
      else resolve();
    };
    const onDrain = () => done();
    const onClose = () => done(new Error('The download was abandoned'));
    out.on('drain', onDrain);
    out.on('close', onClose);
  });
}

/** Writes and waits when the socket is full, so a slow download holds the cursor instead of memory. */
async function write(out: Writable, chunk: string): Promise<void> {
  if (!out.write(chunk)) await drained(out);
}

/**
 * A streaming writer of one export: the header row (the chosen columns' labels), then rows in
 * batches, then the end. CSV is UTF-8 with a BOM (Excel reads the names right); XLSX goes through
 * exceljs's streaming WorkbookWriter (rows committed as they come, dates as real dates).
 */
export function exportWriter(format: ExportFormat, columns: PermitIndexColumn[], words: ExportWords = english) {
  const stream = new PassThrough();
  if (format === 'csv') {
    let started = false;
    return {
      stream,
      async rows(rows: PermitIndexRow[]) {
        if (!started) {
          started = true;
          await write(stream, `\uFEFF${columns.map((c) => csvField(words.column[c])).join(',')}\r\n`);
        }
        let chunk = '';
        for (const row of rows) chunk += `${columns.map((c) => csvField(cellText(row, c, words))).join(',')}\r\n`;
        await write(stream, chunk);
      },
      async end() {
        if (!started) await this.rows([]);
        stream.end();
      },
    };
  }
  const sheet = xlsxWriter(
    stream,
    words.sheet,
    columns.map((c) => words.column[c]),
  );
  return {
    stream,
    async rows(rows: PermitIndexRow[]) {
      await sheet.addRows(
        rows.map((row) =>
          columns.map((c) => {
            const text = cellText(row, c, words);
            return dateColumns.has(c) ? new Date(text) : text;
          }),
        ),
      );
      if (stream.writableNeedDrain) await drained(stream);
    },
    end: () => sheet.end(),
  };
}
