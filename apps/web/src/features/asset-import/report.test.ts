import { describe, expect, it } from 'vitest';
import { importKinds, type ImportIssue } from '@hasp/contracts';
import { countsWithRows, formatBytes, formatOfName, groupIssues, kindFromFileName, reportPage } from './report';

const issue = (row: number, column: string, kind: ImportIssue['kind'] = 'assets'): ImportIssue => ({
  kind,
  row,
  column,
  value: '',
  message: `${column} is required`,
});

describe('the validation report', () => {
  it('groups problems by sheet and column, most first', () => {
    const issues = [issue(2, 'number'), issue(3, 'area_number'), issue(4, 'area_number'), issue(2, 'code', 'areas')];
    expect(groupIssues(issues)).toEqual([
      { kind: 'assets', column: 'area_number', count: 2 },
      { kind: 'areas', column: 'code', count: 1 },
      { kind: 'assets', column: 'number', count: 1 },
    ]);
  });

  it('pages thousands of problems 50 at a time, clamping the page asked for', () => {
    const issues = Array.from({ length: 1234 }, (_, i) => issue(i + 2, 'number'));
    const first = reportPage(issues, 1);
    expect(first).toMatchObject({ page: 1, pages: 25, from: 1, to: 50 });
    expect(first.issues[0]?.row).toBe(2);
    const last = reportPage(issues, 99);
    expect(last).toMatchObject({ page: 25, from: 1201, to: 1234 });
    expect(last.issues).toHaveLength(34);
    expect(reportPage([], 3)).toMatchObject({ page: 1, pages: 1, from: 0, to: 0, issues: [] });
  });
});

describe('files', () => {
  it('tells CSV from XLSX by name, and a template’s kind from its name', () => {
    expect(formatOfName('Assets.CSV')).toBe('csv');
    expect(formatOfName('plant.xlsx')).toBe('xlsx');
    expect(formatOfName('plant.xls')).toBeNull();
    expect(kindFromFileName('hasp-energy-sources-template.csv', importKinds)).toBe('energy-sources');
    expect(kindFromFileName('isolation_points fixed.csv', importKinds)).toBe('isolation-points');
    expect(kindFromFileName('hasp-assets-template (1).csv', importKinds)).toBe('assets');
    expect(kindFromFileName('plant.csv', importKinds)).toBeNull();
  });

  it('leaves out kinds without rows and writes sizes for people', () => {
    expect(
      countsWithRows([
        { kind: 'areas', rows: 0, created: 0, updated: 0 },
        { kind: 'assets', rows: 2, created: 1, updated: 1 },
      ]),
    ).toEqual([{ kind: 'assets', rows: 2, created: 1, updated: 1 }]);
    expect(formatBytes(820)).toBe('820 B');
    expect(formatBytes(1536)).toBe('1.5 KB');
    expect(formatBytes(3 * 1024 * 1024)).toBe('3.0 MB');
  });
});
