import { describe, expect, it } from 'vitest';
import type { AdminFacility } from '@hasp/contracts';
import { parentChoices } from './facility-tree';

const facility = (ID: number, companyID: number | null, isActive = true): AdminFacility => ({
  ID,
  name: `F${ID}`,
  companyID,
  isActive,
  timeZone: 'UTC',
  createdAt: '2026-01-01T00:00:00.000Z',
  isCurrent: false,
});

describe('parentChoices', () => {
  const tree = [facility(1, null), facility(2, 1), facility(3, 2), facility(4, null), facility(5, null, false)];

  it('offers every active facility for a new one', () => {
    expect(parentChoices(tree, null).map((f) => f.ID)).toEqual([1, 2, 3, 4]);
  });

  it('leaves out the facility itself and everything below it', () => {
    expect(parentChoices(tree, 1).map((f) => f.ID)).toEqual([4]);
    expect(parentChoices(tree, 2).map((f) => f.ID)).toEqual([1, 4]);
  });

  it('keeps an inactive current parent on offer', () => {
    const withInactiveParent = [...tree, facility(6, 5)];
    expect(parentChoices(withInactiveParent, 6).map((f) => f.ID)).toEqual([1, 2, 3, 4, 5]);
  });
});
