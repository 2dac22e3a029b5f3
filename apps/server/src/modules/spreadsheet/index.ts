// One CSV reader, one CSV writer, a streaming XLSX writer and one formula-cell rule for every
// import and export.

export { CsvReadError, readCsv } from './csv-read';
export { csvCell, toEscapedCsv } from './csv-write';
export { eventLoopTurns } from './event-loop-turns';
export { escapeSpreadsheetCell, startsLikeFormula, unescapeSpreadsheetCell } from './formula-cells';
export type { CsvPosition } from './csv-read';
export { sheetName, xlsxWriter, type SheetCell } from './xlsx-write';
