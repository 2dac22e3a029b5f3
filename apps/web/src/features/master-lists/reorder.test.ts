import { describe, expect, it } from 'vitest';
import { moveItem } from './reorder';

describe('moveItem', () => {
  it('moves an item up, down, to the ends, and leaves out-of-range moves alone', () => {
    expect(moveItem([1, 2, 3, 4], 2, 1)).toEqual([1, 3, 2, 4]);
    expect(moveItem([1, 2, 3, 4], 0, 3)).toEqual([2, 3, 4, 1]);
    expect(moveItem([1, 2, 3, 4], 3, 0)).toEqual([4, 1, 2, 3]);
    expect(moveItem([1, 2, 3], 0, -1)).toEqual([1, 2, 3]);
    expect(moveItem([1, 2, 3], 2, 3)).toEqual([1, 2, 3]);
  });

  it('keeps every ID exactly once (a permutation, as the server requires)', () => {
    const ids = [5, 9, 2, 7, 1];
    for (let from = 0; from < ids.length; from++)
      for (let to = 0; to < ids.length; to++)
        expect(moveItem(ids, from, to).toSorted((a, b) => a - b)).toEqual([1, 2, 5, 7, 9]);
  });
});
