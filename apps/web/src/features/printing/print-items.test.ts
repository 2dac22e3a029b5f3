import { describe, expect, it } from 'vitest';
import type { PrintListItem } from '@hasp/contracts';
import { choicesOf, keyOf, permitFiltersApply } from './print-items';

const shared = { printedAt: null, printedBy: null, reprintCount: 0, version: 0, stamp: 's' };
const tag: PrintListItem = {
  kind: 'tag',
  ID: 5,
  number: 'T-1',
  ...shared,
  permit: { ID: 9, number: 'LOTO-9', title: 'Pump' },
  area: { ID: 3, name: 'Boiler house' },
  point: null,
  legend: null,
  detail: null,
};
const lock: PrintListItem = {
  kind: 'lock',
  ID: 5,
  number: 'RED-001',
  ...shared,
  lock: { serial: 'RED-001', kind: 'padlock', colour: 'Red', owner: null },
};

describe('print list items', () => {
  it('offers the permits and areas of what is printed for a permit, never of a lock label', () => {
    expect(choicesOf([tag, lock])).toEqual({
      permits: [{ value: '9', label: 'LOTO-9 — Pump' }],
      areas: [{ value: '3', label: 'Boiler house' }],
    });
    expect(choicesOf([lock])).toEqual({ permits: [], areas: [] });
  });

  it('tells a lock and a tag of the same ID apart, and hides the permit filters for lock labels only', () => {
    expect(keyOf(tag)).not.toBe(keyOf(lock));
    expect(permitFiltersApply('lock')).toBe(false);
    for (const kind of [undefined, 'tag', 'permit', 'lockbox'] as const) expect(permitFiltersApply(kind)).toBe(true);
  });
});
