import { describe, expect, it } from 'vitest';
import type { StoredSummary } from '../../../offline-db';
import { newestFirst } from './newest-first';

const stored = (
  key: string,
  permit: { number: string; plannedStart: string; createdAt: string },
  provisionalNumber?: string,
): StoredSummary => ({
  key,
  ID: key,
  permitType: 'LOTO',
  typeName: 'LOTO Permit',
  version: 1,
  title: key,
  status: 'draft',
  plannedEnd: permit.plannedStart,
  holder: '',
  ...permit,
  updatedAt: '2026-11-25T00:00:00Z',
  ...(provisionalNumber ? { provisionalNumber } : {}),
});

describe('newestFirst (the offline lists, as the online index)', () => {
  it('puts the latest planned start first, whatever the permit numbers say', () => {
    const rows = [
      stored('a', { number: 'LOTO-26-00001', plannedStart: '2026-11-20T08:00:00Z', createdAt: '2026-11-19T08:00:00Z' }),
      stored('b', { number: 'LOTO-26-00003', plannedStart: '2026-11-22T08:00:00Z', createdAt: '2026-11-21T08:00:00Z' }),
      stored('c', {
        number: 'LOTO-26-00002',
        plannedStart: '2026-11-24T09:00:00+01:00',
        createdAt: '2026-11-20T08:00:00Z',
      }),
    ];
    expect(rows.sort(newestFirst).map((r) => r.key)).toEqual(['c', 'b', 'a']);
  });

  it('on the same planned start: the latest created first, then the highest number (numeric, provisional numbers too)', () => {
    const start = '2026-11-25T08:00:00Z';
    const rows = [
      stored('old', { number: 'LOTO-26-00009', plannedStart: start, createdAt: '2026-11-01T08:00:00Z' }),
      stored('n9', { number: 'LOTO-26-9', plannedStart: start, createdAt: '2026-11-24T08:00:00Z' }),
      stored('n10', { number: 'LOTO-26-10', plannedStart: start, createdAt: '2026-11-24T08:00:00Z' }),
      stored(
        'offline',
        { number: '', plannedStart: start, createdAt: '2026-11-25T07:00:00Z' },
        'OFF-LOTO-20261125-AB12',
      ),
    ];
    expect(rows.sort(newestFirst).map((r) => r.key)).toEqual(['offline', 'n10', 'n9', 'old']);
  });

  it('puts a permit without a readable planned start last', () => {
    const rows = [
      stored('none', { number: 'X-2', plannedStart: '', createdAt: '2026-11-25T08:00:00Z' }),
      stored('dated', { number: 'X-1', plannedStart: '2026-01-01T00:00:00Z', createdAt: '2026-01-01T00:00:00Z' }),
    ];
    expect(rows.sort(newestFirst).map((r) => r.key)).toEqual(['dated', 'none']);
  });
});
