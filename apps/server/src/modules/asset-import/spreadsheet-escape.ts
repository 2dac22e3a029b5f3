/**
 * Cells that a spreadsheet program would run as a formula (CSV/formula injection) start with
 * = + - @, a tab or a carriage return. Such a cell is written with a leading apostrophe, which
 * Excel and LibreOffice show as text, so an exported value is never executed.
 */
export function escapeSpreadsheetCell(value: string): string {
  return /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
}

/** The reverse on import: a cell we escaped comes back as the value it was. */
export function unescapeSpreadsheetCell(value: string): string {
  return /^'[=+\-@\t\r]/.test(value) ? value.slice(1) : value;
}

const quoted = (cell: string) => (/[",\r\n]/.test(cell) ? `"${cell.replace(/"/g, '""')}"` : cell);

/** CSV text (UTF-8 with BOM, so Excel reads accents right) with every cell escaped. */
export function toEscapedCsv(rows: string[][]): Buffer {
  const text = rows.map((row) => row.map((cell) => quoted(escapeSpreadsheetCell(cell))).join(',')).join('\r\n');
  return Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from(`${text}\r\n`, 'utf8')]);
}
