import { describe, expect, it } from 'vitest';
import { changedFields, displayValue } from './audit-diff';

describe('changedFields', () => {
  it('lists only the fields that changed', () => {
    expect(changedFields({ ID: 3, name: 'A', isActive: true }, { ID: 3, name: 'B', isActive: true })).toEqual([
      { field: 'name', before: 'A', after: 'B' },
    ]);
  });

  it('lists every field of a created record and of a removed one', () => {
    expect(changedFields(null, { name: 'A', parent: null })).toEqual([{ field: 'name', before: null, after: 'A' }]);
    expect(changedFields({ name: 'A' }, null)).toEqual([{ field: 'name', before: 'A', after: null }]);
  });

  it('compares nested values by content and treats a missing field as empty', () => {
    expect(changedFields({ setup: { a: 1 } }, { setup: { a: 1 } })).toEqual([]);
    expect(changedFields({ tags: [1] }, { tags: [1, 2], extra: 'x' })).toEqual([
      { field: 'tags', before: [1], after: [1, 2] },
      { field: 'extra', before: null, after: 'x' },
    ]);
  });

  it('treats values that are not records as one field', () => {
    expect(changedFields(5, 6)).toEqual([{ field: 'value', before: 5, after: 6 }]);
    expect(changedFields([1], [1])).toEqual([]);
  });
});

describe('displayValue', () => {
  it('shows strings as they are and other values as JSON', () => {
    expect(displayValue('North')).toBe('North');
    expect(displayValue(false)).toBe('false');
    expect(displayValue({ a: 1 })).toBe('{"a":1}');
    expect(displayValue(null)).toBeNull();
    expect(displayValue('')).toBeNull();
  });
});
