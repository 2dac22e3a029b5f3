/**
 * A small RFC 4180 reader: commas, quoted cells with doubled quotes, CR LF or LF line ends.
 * Returns each record with the file line it starts on, so reports can point at it.
 */
export interface CsvRecord {
  line: number;
  cells: string[];
}

export function parseCsv(text: string): { records: CsvRecord[]; error?: { line: number; message: string } } {
  const source = text.startsWith('\uFEFF') ? text.slice(1) : text;
  const records: CsvRecord[] = [];
  let cells: string[] = [];
  let cell = '';
  let quoted = false;
  let line = 1;
  let recordLine = 1;
  let cellStarted = false;
  const endRecord = () => {
    cells.push(cell);
    // A blank line is no record.
    if (!(cells.length === 1 && cells[0] === '' && !cellStarted)) records.push({ line: recordLine, cells });
    cells = [];
    cell = '';
    cellStarted = false;
  };
  for (let i = 0; i < source.length; i++) {
    const c = source[i]!;
    if (quoted) {
      if (c === '"') {
        if (source[i + 1] === '"') {
          cell += '"';
          i++;
        } else quoted = false;
      } else {
        if (c === '\n') line++;
        cell += c;
      }
      continue;
    }
    if (c === '"' && cell === '') {
      quoted = true;
      cellStarted = true;
    } else if (c === ',') {
      cells.push(cell);
      cell = '';
      cellStarted = true;
    } else if (c === '\r' && source[i + 1] === '\n') {
      continue;
    } else if (c === '\n') {
      endRecord();
      line++;
      recordLine = line;
    } else {
      cell += c;
      cellStarted = true;
    }
  }
  if (quoted) return { records, error: { line: recordLine, message: 'A quoted cell is not closed' } };
  if (cell !== '' || cells.length > 0 || cellStarted) endRecord();
  return { records };
}

/** Cells a spreadsheet would run as a formula (CSV injection). */
export const looksLikeFormula = (value: string) => /^[=+\-@]/.test(value);

/** One CSV cell: quoted when it holds a comma, quote or line break. */
export const csvCell = (value: string) => (/[",\r\n]/.test(value) ? `"${value.replace(/"/g, '""')}"` : value);
