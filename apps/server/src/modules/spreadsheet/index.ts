// The spreadsheet module's public surface: other modules, plugins/, app.ts, server.ts and db/seed
// import only from here (eslint: server module boundaries, decision 0027).
// One CSV reader, one CSV writer and one formula-cell rule for every import and export.
export { CsvReadError, readCsv } from './csv-read';
export { csvCell, toEscapedCsv } from './csv-write';
export { eventLoopTurns } from './event-loop-turns';
export { escapeSpreadsheetCell, startsLikeFormula, unescapeSpreadsheetCell } from './formula-cells';
export type { CsvPosition } from './csv-read';
export { sheetName, xlsxWriter, type SheetCell } from './xlsx-write';
