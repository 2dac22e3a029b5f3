import { describe, expect, it } from 'vitest';
import { readLockFilters, whereText, writeLockFilters } from './lock-filters';

describe('lock filters in the URL', () => {
  it('reads known values and drops the rest, and writes them back', () => {
    const query = readLockFilters(new URLSearchParams('q=%20red%20&status=lost&kind=drum&ownerId=7&x=1'));
    expect(query).toEqual({ q: 'red', status: 'lost', ownerId: 7 });
    expect(writeLockFilters(query).toString()).toBe('q=red&status=lost&ownerId=7');
    expect(readLockFilters(new URLSearchParams('ownerId=-3'))).toEqual({});
  });

  it('says where a lock in use is', () => {
    const base = { permitNumber: 'LOTO-7', pointCode: null, pointLocation: null, lockboxNumber: null };
    expect(whereText({ ...base, pointCode: 'E-1', pointLocation: 'MCC-3' })).toBe('LOTO-7 · point E-1 (MCC-3)');
    expect(whereText({ ...base, lockboxNumber: 'LB-2' })).toBe('LOTO-7 · lockbox LB-2');
  });
});
