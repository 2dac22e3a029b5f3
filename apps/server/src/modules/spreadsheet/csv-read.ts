import { finished } from 'node:stream/promises';
import { parse } from 'csv-parse';
import { eventLoopTurns } from './event-loop-turns';

/**
 * Where a record is. `record` counts records (1 = the first, often the header). `row` is its spreadsheet row number: records and blank lines before it, so a
 * quoted cell holding line breaks is still one row. `line` (only with `{ lines: true }`) is the
 * line of the file it starts on.
 */
export interface CsvPosition {
  record: number;
  row: number;
  line: number;
}

/** Why a CSV file could not be read; `line` is where (the start of the record at fault). */
export class CsvReadError extends Error {
  constructor(
    readonly problem: 'encoding' | 'binary' | 'syntax',
    message: string,
    readonly line: number,
    /** csv-parse's code for a syntax error (CSV_QUOTE_NOT_CLOSED, CSV_MAX_RECORD_SIZE, …). */
    readonly code?: string,
  ) {
    super(message);
  }
}

/** Characters of one record: far above any real row, far below what would hold memory. */
export const CSV_MAX_RECORD = 1024 * 1024;
/** Bytes decoded and parsed between checks for a turn of the event loop. */
const CSV_SLICE = 16 * 1024;
const lineBreaks = /\r\n|\r|\n/g;

/**
 * The one CSV reader (csv-parse). Reads UTF-8 bytes (a BOM is dropped) in slices with turns of
 * the event loop, handing each record to `onRecord` as it is read and keeping none, so a file of
 * millions of rows or blank lines never becomes an array. What real files hold is accepted: CR LF,
 * LF or CR line ends (mixed), a quote inside an unquoted cell (`12" pipe`) as text, records of
 * different lengths (callers check). Blank lines are no records but count as rows and lines.
 * Throws CsvReadError; whatever `onRecord` throws (a cap) comes out unchanged.
 */
export async function readCsv(
  bytes: Uint8Array,
  onRecord: (cells: string[], at: CsvPosition) => void,
  options: { lines?: boolean } = {},
): Promise<void> {
  // The line a record starts on is counted here: csv-parse's own `lines` counts a CR LF inside a
  // quoted cell twice. Only on request, since it looks at every cell.
  let nextLine = 1;
  let blankLinesSeen = 0;
  // Empty lines are skipped by csv-parse itself: kept, each one is a record shorter than the
  // header, for which csv-parse builds (and discards) an error with a stack trace, about 50 times
  // the cost of a record — 19 MB of line breaks took minutes.
  const parser = parse({
    relax_column_count: true,
    relax_quotes: true,
    skip_empty_lines: true,
    record_delimiter: ['\r\n', '\n', '\r'],
    bom: true,
    max_record_size: CSV_MAX_RECORD,
    on_record: (cells: string[], info: { records: number; empty_lines: number }) => {
      let line = 0;
      if (options.lines) {
        line = nextLine + info.empty_lines - blankLinesSeen;
        blankLinesSeen = info.empty_lines;
        nextLine = line + 1;
        for (const cell of cells) nextLine += cell.match(lineBreaks)?.length ?? 0;
      }
      onRecord(cells, { record: info.records, row: info.records + info.empty_lines, line });
      return null;
    },
  });
  let failure: unknown;
  parser.on('error', (error) => (failure ??= error));
  parser.resume();
  // Fatal: a file saved in another encoding (Windows-1252, UTF-16) must not be read as garbled text.
  const decoder = new TextDecoder('utf-8', { fatal: true, ignoreBOM: false });
  const turn = eventLoopTurns();
  for (let i = 0; i <= bytes.length; i += CSV_SLICE) {
    let text: string;
    try {
      text = i < bytes.length ? decoder.decode(bytes.subarray(i, i + CSV_SLICE), { stream: true }) : decoder.decode();
    } catch {
      throw new CsvReadError(
        'encoding',
        'The file is not valid UTF-8 text (it looks like another encoding, such as Windows-1252 or UTF-16). Save it as "CSV UTF-8" and upload it again.',
        0,
      );
    }
    if (text.includes('\0')) throw new CsvReadError('binary', 'The file is not CSV text (it contains binary data)', 0);
    // After a CSV error the rest is still checked: the wrong encoding is the more useful message.
    if (failure === undefined) parser.write(text);
    await turn();
  }
  if (failure === undefined) {
    parser.end();
    await finished(parser).catch((error: unknown) => (failure ??= error));
  }
  if (failure === undefined) return;
  const error = failure instanceof Error ? failure : new Error('The CSV reader failed', { cause: failure });
  const code = (error as { code?: unknown }).code;
  if (typeof code !== 'string' || !code.startsWith('CSV_')) throw error;
  // The record at fault starts after the last good one and the blank lines that followed it.
  const line = options.lines
    ? nextLine + parser.info.empty_lines - blankLinesSeen
    : ((error as { lines?: number }).lines ?? 0);
  throw new CsvReadError('syntax', error.message, line, code);
}
