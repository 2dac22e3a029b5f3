import { escapeSpreadsheetCell } from './formula-cells';

/** One CSV cell: quoted when it holds a comma, quote or line break. */
export const csvCell = (value: string) => (/[",\r\n]/.test(value) ? `"${value.replace(/"/g, '""')}"` : value);

/** CSV text (UTF-8 with BOM, so Excel reads accents right) with every cell escaped. */
export function toEscapedCsv(rows: string[][]): Buffer {
  const text = rows.map((row) => row.map((cell) => csvCell(escapeSpreadsheetCell(cell))).join(',')).join('\r\n');
  return Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from(`${text}\r\n`, 'utf8')]);
}
