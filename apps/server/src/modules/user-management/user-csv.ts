import { CsvReadError, readCsv } from '../spreadsheet';

export interface CsvRecord {
  /** The line of the file the record starts on, for the row-by-row report. */
  line: number;
  cells: string[];
}

/**
 * The import's CSV text (at most 1 MB, so kept whole) as records, through the one CSV reader; a
 * file that cannot be read is one problem at the line where the record at fault starts.
 */
export async function readUserCsv(
  text: string,
): Promise<{ records: CsvRecord[] } | { error: { line: number; message: string } }> {
  const records: CsvRecord[] = [];
  try {
    await readCsv(Buffer.from(text, 'utf8'), (cells, { line }) => records.push({ line, cells }), { lines: true });
  } catch (error) {
    if (!(error instanceof CsvReadError)) throw error;
    const message = error.code === 'CSV_QUOTE_NOT_CLOSED' ? 'A quoted cell is not closed' : error.message;
    return { error: { line: Math.max(error.line, 1), message } };
  }
  return { records };
}
