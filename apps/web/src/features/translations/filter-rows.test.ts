import { describe, expect, it } from 'vitest';
import type { TranslationRow } from '@hasp/contracts';
import { defaultLanguage } from './default-language';
import { columnOptions, filterRows, indexRows, noFilters, type TranslationFilters } from './filter-rows';
import { visibleRange } from './visible-range';

let nextId = 1;
const row = (
  itemType: string,
  formName: string,
  controlName: string,
  defaultCaption: string,
  preferredCaption: string | null = null,
): TranslationRow => ({ captionID: nextId++, itemType, formName, controlName, defaultCaption, preferredCaption });

const rows = [
  row('Label', 'Login', 'username', 'Username', 'Usuario'),
  row('Label', 'Login', 'password', 'Password'),
  row('Button', 'Login', 'login', 'Login', 'Entrar'),
  row('Label', 'Login_Help', 'intro', 'Need help signing in?'),
  row('Button', 'Shell', 'submit::loading', 'Saving…'),
  row('Label', 'Admin_Settings', 'DEFAULT_CONTROL_VALUE', 'Choose a setting'),
];
const indexed = indexRows(rows);
const withFilters = (changes: Partial<TranslationFilters>): TranslationFilters => ({ ...noFilters, ...changes });
const keys = (list: TranslationRow[]) => list.map((r) => r.controlName);

describe('filterRows', () => {
  it('returns every row without filters', () => {
    expect(filterRows(indexed, noFilters)).toEqual(rows);
  });

  it('matches typed text anywhere in the cell, in any case', () => {
    expect(keys(filterRows(indexed, withFilters({ formName: { text: 'login', exact: false } })))).toEqual([
      'username',
      'password',
      'login',
      'intro',
    ]);
    expect(keys(filterRows(indexed, withFilters({ controlName: { text: '::LOAD', exact: false } })))).toEqual([
      'submit::loading',
    ]);
  });

  it('matches a picked value exactly', () => {
    expect(keys(filterRows(indexed, withFilters({ formName: { text: 'Login', exact: true } })))).toEqual([
      'username',
      'password',
      'login',
    ]);
  });

  it('combines the filters of all columns', () => {
    const filters = withFilters({
      itemType: { text: 'Label', exact: true },
      formName: { text: 'Login', exact: true },
      defaultCaption: { text: 'pass', exact: false },
    });
    expect(keys(filterRows(indexed, filters))).toEqual(['password']);
  });

  it('filters the translated value, where an empty one is empty text', () => {
    expect(keys(filterRows(indexed, withFilters({ preferredCaption: { text: 'us', exact: false } })))).toEqual([
      'username',
    ]);
  });
});

describe('columnOptions', () => {
  it('offers the distinct values among the rows the other filters accept, sorted', () => {
    expect(columnOptions(indexed, noFilters, 'formName')).toEqual(['Admin_Settings', 'Login', 'Login_Help', 'Shell']);
    const buttons = withFilters({ itemType: { text: 'Button', exact: true } });
    expect(columnOptions(indexed, buttons, 'formName')).toEqual(['Login', 'Shell']);
  });

  it('ignores the column’s own filter and leaves out empty values', () => {
    const filters = withFilters({ formName: { text: 'Login', exact: true } });
    expect(columnOptions(indexed, filters, 'formName')).toHaveLength(4);
    expect(columnOptions(indexed, filters, 'preferredCaption')).toEqual(['Entrar', 'Usuario']);
  });
});

describe('with 5,000 rows', () => {
  const many = Array.from({ length: 5_000 }, (_, i) =>
    row(
      i % 2 ? 'Label' : 'Button',
      `Bulk_${i % 50}`,
      `control${i}`,
      `Caption number ${i}`,
      i % 3 ? null : `Texto ${i}`,
    ),
  );
  const bulk = indexRows([...rows, ...many]);

  it('filters by every column at once and finds the one matching row', () => {
    const filters = withFilters({
      itemType: { text: 'Label', exact: true },
      formName: { text: 'Bulk_7', exact: true },
      controlName: { text: 'control4957', exact: false },
      defaultCaption: { text: 'number 4957', exact: false },
    });
    expect(keys(filterRows(bulk, filters))).toEqual(['control4957']);
    expect(filterRows(bulk, withFilters({ formName: { text: 'bulk_1', exact: false } }))).toHaveLength(1_100);
  });

  it('stays fast enough for every keystroke (filter and all five option lists well under a frame budget of work)', () => {
    const filters = withFilters({
      formName: { text: 'bulk_4', exact: false },
      defaultCaption: { text: '9', exact: false },
    });
    const started = performance.now();
    for (let i = 0; i < 10; i += 1) {
      filterRows(bulk, filters);
      for (const column of ['itemType', 'formName', 'controlName', 'defaultCaption', 'preferredCaption'] as const) {
        columnOptions(bulk, filters, column);
      }
    }
    // Ten rounds; generous for a slow, shared test machine (one round takes a few milliseconds).
    expect(performance.now() - started).toBeLessThan(2_000);
    expect(columnOptions(bulk, noFilters, 'formName')).toHaveLength(54);
  });
});

describe('visibleRange', () => {
  it('windows the rows in view plus the overscan', () => {
    expect(visibleRange({ offset: 440, viewport: 400, rowHeight: 44, count: 5_000, overscan: 5 })).toEqual({
      start: 5,
      end: 25,
    });
    expect(visibleRange({ offset: -60, viewport: 400, rowHeight: 44, count: 5_000, overscan: 5 })).toEqual({
      start: 0,
      end: 15,
    });
    expect(visibleRange({ offset: 10_000_000, viewport: 400, rowHeight: 44, count: 3, overscan: 5 })).toEqual({
      start: 3,
      end: 3,
    });
    expect(visibleRange({ offset: 0, viewport: 400, rowHeight: 44, count: 0, overscan: 5 })).toEqual({
      start: 0,
      end: 0,
    });
  });
});

describe('defaultLanguage', () => {
  const languages = [
    { ID: 1, name: 'English', code: 'en' },
    { ID: 2, name: 'Español', code: 'es' },
  ];
  it('prefers the current language, then English', () => {
    expect(defaultLanguage(languages, 'es')?.ID).toBe(2);
    expect(defaultLanguage(languages, 'fr')?.ID).toBe(1);
    expect(defaultLanguage([], 'en')).toBeUndefined();
  });
});
