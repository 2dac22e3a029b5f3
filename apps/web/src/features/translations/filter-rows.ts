import type { TranslationRow } from '@hasp/contracts';

/** The table's columns, in order (the seed's itemType, formName, controlName, defaultCaption, preferredCaption). */
export const translationColumns = [
  'itemType',
  'formName',
  'controlName',
  'defaultCaption',
  'preferredCaption',
] as const;
export type TranslationColumn = (typeof translationColumns)[number];

/**
 * One column's filter: typed text matches anywhere (any case); a value picked from the combobox
 * matches that value exactly, so picking "Login" leaves out "Login_Help".
 */
export interface ColumnFilter {
  text: string;
  exact: boolean;
}
export type TranslationFilters = Record<TranslationColumn, ColumnFilter>;

export const noFilter: ColumnFilter = { text: '', exact: false };
export const noFilters: TranslationFilters = {
  itemType: noFilter,
  formName: noFilter,
  controlName: noFilter,
  defaultCaption: noFilter,
  preferredCaption: noFilter,
};

/** A row with its cells' text lower-cased once, so each keystroke only compares strings. */
export interface IndexedRow {
  row: TranslationRow;
  cells: readonly string[];
  lower: readonly string[];
}

/** The rows, and each column's distinct non-empty values sorted once (not on every keystroke). */
export interface TranslationIndex {
  rows: readonly IndexedRow[];
  sortedValues: readonly (readonly string[])[];
}

export const cellText = (row: TranslationRow, column: TranslationColumn): string => row[column] ?? '';

const collator = new Intl.Collator(undefined, { sensitivity: 'base', numeric: true });

export function indexRows(rows: readonly TranslationRow[]): TranslationIndex {
  const indexed = rows.map((row) => {
    const cells = translationColumns.map((column) => cellText(row, column));
    return { row, cells, lower: cells.map((cell) => cell.toLowerCase()) };
  });
  const sortedValues = translationColumns.map((_, i) =>
    [...new Set(indexed.map((r) => r.cells[i]!))].filter((value) => value !== '').sort(collator.compare),
  );
  return { rows: indexed, sortedValues };
}

type Matcher = (row: IndexedRow) => boolean;

/** The active filters as tests on a row; columns without text test nothing. */
function matchers(filters: TranslationFilters, except?: TranslationColumn): Matcher[] {
  const tests: Matcher[] = [];
  translationColumns.forEach((column, i) => {
    const { text, exact } = filters[column];
    if (column === except || text === '') return;
    if (exact) tests.push((r) => r.cells[i] === text);
    else {
      const needle = text.toLowerCase();
      tests.push((r) => r.lower[i]!.includes(needle));
    }
  });
  return tests;
}

/** The rows every active filter accepts, in their order. */
export function filterRows({ rows }: TranslationIndex, filters: TranslationFilters): TranslationRow[] {
  const tests = matchers(filters);
  if (!tests.length) return rows.map((r) => r.row);
  const result: TranslationRow[] = [];
  for (const r of rows) if (tests.every((test) => test(r))) result.push(r.row);
  return result;
}

/**
 * What a column's combobox offers: the distinct non-empty values of that column among the rows the
 * OTHER filters accept (its own text narrows the list inside the combobox as the user types), sorted.
 */
export function columnOptions(
  { rows, sortedValues }: TranslationIndex,
  filters: TranslationFilters,
  column: TranslationColumn,
): readonly string[] {
  const i = translationColumns.indexOf(column);
  const tests = matchers(filters, column);
  if (!tests.length) return sortedValues[i]!;
  const values = new Set<string>();
  for (const r of rows) {
    const value = r.cells[i]!;
    if (value !== '' && !values.has(value) && tests.every((test) => test(r))) values.add(value);
  }
  return sortedValues[i]!.filter((value) => values.has(value));
}

export const hasActiveFilter = (filters: TranslationFilters): boolean =>
  translationColumns.some((column) => filters[column].text !== '');
