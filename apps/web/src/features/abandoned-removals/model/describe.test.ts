import { describe, expect, it } from 'vitest';
import { removedWhat, whereWas } from './describe';

describe('removal wording', () => {
  it('names the lock and the tag, or whichever one was removed', () => {
    expect(removedWhat({ lockSerial: 'PL-7', tagNumber: 'T-12' })).toBe('Lock PL-7 and tag T-12');
    expect(removedWhat({ lockSerial: 'PL-7', tagNumber: null })).toBe('Lock PL-7');
    expect(removedWhat({ lockSerial: null, tagNumber: 'T-12' })).toBe('Tag T-12');
  });

  it("says where: the point's code and location, else the crew lockbox", () => {
    expect(whereWas({ point: { code: 'E-1', location: 'MCC-3 bucket 4' }, onLockbox: false })).toBe(
      'E-1 — MCC-3 bucket 4',
    );
    expect(whereWas({ point: { code: 'E-1', location: '' }, onLockbox: false })).toBe('E-1');
    expect(whereWas({ point: null, onLockbox: true })).toBe('Group lockbox');
  });
});
