import { describe, expect, it } from 'vitest';
import { canonicalJson } from './permit-content';

// The signed content's hash must not depend on the order keys were written in (a signature made
// before a refactor that reorders a select must stay valid), but must change with any value.
describe('canonicalJson', () => {
  it('writes the same JSON whatever the order of keys, at every depth', () => {
    expect(canonicalJson({ b: 1, a: { d: [2, { f: 3, e: 4 }], c: null } })).toBe(
      canonicalJson({ a: { c: null, d: [2, { e: 4, f: 3 }] }, b: 1 }),
    );
    expect(canonicalJson({ b: 1, a: 'x' })).toBe('{"a":"x","b":1}');
  });

  it('keeps array order and leaves out undefined values', () => {
    expect(canonicalJson([2, 1])).not.toBe(canonicalJson([1, 2]));
    expect(canonicalJson({ a: undefined, b: 2 })).toBe('{"b":2}');
  });

  it('tells a changed value apart', () => {
    expect(canonicalJson({ title: 'Pump 1' })).not.toBe(canonicalJson({ title: 'Pump 2' }));
    expect(canonicalJson({ n: 1 })).not.toBe(canonicalJson({ n: '1' }));
  });
});
