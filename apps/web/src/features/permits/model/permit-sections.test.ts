import { describe, expect, it } from 'vitest';
import type { PermitSectionEntry } from './permit-sections';
import { outletSection } from './permit-sections';

const label = { itemType: 'Label', formName: 'x', controlName: 'y', defaultCaption: 'z' };
const entries: PermitSectionEntry[] = [
  { section: 'isolation-plan', id: 'tags', label, render: () => null },
  { section: null, id: 'attachments', outlet: 'attachments', label, render: () => null },
];

describe('outletSection', () => {
  it('finds the section whose outlet the rest of the path opens, and only that', () => {
    expect(outletSection(entries, 'attachments')?.id).toBe('attachments');
    expect(outletSection(entries, 'attachments/7')?.id).toBe('attachments');
    expect(outletSection(entries, 'attachmentsx')).toBeUndefined();
    expect(outletSection(entries, '')).toBeUndefined();
    expect(outletSection(entries, 'tags')).toBeUndefined();
  });
});
