/**
 * The one rule for cells a spreadsheet program would run as a formula (CSV/formula injection):
 * they start with = + - @, a tab or a carriage return (OWASP's list). Exports escape them, imports
 * either take our escape back off (assets) or refuse them (users); all use this test.
 */
export function startsLikeFormula(value: string): boolean {
  return /^[=+\-@\t\r]/.test(value);
}

/** Written with a leading apostrophe, which Excel and LibreOffice show as text: never executed. */
export function escapeSpreadsheetCell(value: string): string {
  return startsLikeFormula(value) ? `'${value}` : value;
}

/** The reverse on import: a cell we escaped comes back as the value it was. */
export function unescapeSpreadsheetCell(value: string): string {
  return value.startsWith("'") && startsLikeFormula(value.slice(1)) ? value.slice(1) : value;
}
