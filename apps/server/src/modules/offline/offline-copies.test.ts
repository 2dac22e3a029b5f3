import { describe, expect, it } from 'vitest';
import type { OfflineFlags, OfflinePermit } from '@hasp/contracts';
import { assemblePermits, copyOf } from './offline-copies';

/**
 * The stored copies' markers (decision 0082) and the assembly that scans for them (decision 0086),
 * on hand-made permits: the words people type are never taken for a marker, and a copy that names a
 * flag or a value the page does not have is refused, never sent half-written.
 */
const flags = (allowedCommands: string[]): OfflineFlags =>
  ({
    permit: { allowedCommands },
    tags: [],
    attachments: { canAttach: true, canRemove: [] },
    'hazard-analysis': { canEdit: false, editRefusal: 'Only the requester can.' },
  }) as unknown as OfflineFlags;

const permit = (title: string): OfflinePermit =>
  ({
    permit: { ID: 7, title, permitType: { ID: 1, code: 'LOTO' }, allowedCommands: [] },
    sections: {
      'hazard-analysis': { permitId: 7, canEdit: false, editRefusal: null },
      attachments: { attachments: [], canAttach: false },
    },
    versions: { permit: 1 },
  }) as unknown as OfflinePermit;

describe('assemblePermits', () => {
  it("writes the viewer's flags and the page's indexes, and leaves text that only looks like a marker", () => {
    // A quote, a backslash and u0000 typed by a person: JSON writes them escaped, never as a marker's start.
    const title = 'Valve "\\u0000f:permit.allowedCommands" left open';
    const copy = copyOf(permit(title), flags([]));
    const { permits, shared } = assemblePermits([copy.body], [flags(['suspend'])], copy.values);
    const [sent] = JSON.parse(permits) as OfflinePermit[];
    const { values } = JSON.parse(shared) as { values: unknown[] };
    expect(sent!.permit.title).toBe(title);
    expect(sent!.permit.allowedCommands).toEqual(['suspend']);
    expect(values[sent!.permit.permitType as unknown as number]).toEqual({ ID: 1, code: 'LOTO' });
    const hazards = sent!.sections['hazard-analysis'] as { editRefusal: number };
    expect(values[hazards.editRefusal]).toBe('Only the requester can.');
  });

  it('refuses a copy naming a flag the viewer has not, or a value the page lacks', () => {
    const copy = copyOf(permit('Pump'), flags([]));
    const noHazards = { ...flags([]), 'hazard-analysis': undefined } as unknown as OfflineFlags;
    expect(() => assemblePermits([copy.body], [noHazards], copy.values)).toThrow(/no flag hazard-analysis.canEdit/);
    expect(() => assemblePermits([copy.body], [flags([])], new Map())).toThrow(/no stored value/);
  });

  it('refuses a shared value that holds a flag (a value is the same for every viewer)', () => {
    const values = new Map([['h', JSON.stringify({ commands: '\u0000f:permit.allowedCommands' })]]);
    expect(() => assemblePermits([JSON.stringify({ x: '\u0000v:h' })], [flags([])], values)).toThrow(
      /a shared value holds the flag permit.allowedCommands/,
    );
  });
});
