import { describe, expect, it } from 'vitest';
import type { NumberingOverview } from '@hasp/contracts';
import { changedRows, draftOf, previewOf } from './form-values';

const overview: NumberingOverview = {
  facilityCode: 'NP',
  facilityCodeIsDefault: true,
  year: 2026,
  month: 3,
  subjects: [
    {
      subject: 'permit-type:4',
      kind: 'permit-type',
      permitType: { id: 4, code: 'LOTO', name: 'LOTO Permit', prefix: 'LOTO-' },
      pattern: '{PREFIX}{SEQ:6}',
      yearlyReset: false,
      isDefault: true,
      nextSequence: { continuous: 42, yearly: 3 },
      preview: 'LOTO-000042',
    },
    {
      subject: 'tag',
      kind: 'tag',
      permitType: null,
      pattern: 'T-{YYYY}-{SEQ:5}',
      yearlyReset: true,
      isDefault: false,
      nextSequence: { continuous: 10, yearly: 1 },
      preview: 'T-2026-00001',
    },
  ],
};

describe('Prefix Manage previews', () => {
  it('writes the next number from the pattern as typed, with the reset choice deciding the sequence', () => {
    const draft = draftOf(overview);
    const loto = overview.subjects[0]!;
    expect(previewOf(overview, loto, draft).number).toBe('LOTO-000042');
    draft.patterns['permit-type:4'] = { pattern: '{FAC}-{TYPE}-{YY}{MM}-{SEQ:3}', yearlyReset: true };
    expect(previewOf(overview, loto, draft).number).toBe('NP-LOTO-2603-003');
    expect(changedRows(overview, draft).map((r) => r.subject)).toEqual(['permit-type:4']);
  });

  it('names the bad token instead of a number', () => {
    const draft = draftOf(overview);
    draft.patterns.tag = { pattern: 'T-{PREFIX}{SEQ:5}', yearlyReset: true };
    expect(previewOf(overview, overview.subjects[1]!, draft)).toEqual({
      number: null,
      problem: { code: 'permitTypeOnly', token: '{PREFIX}' },
    });
    draft.patterns.tag = { pattern: 'T-{YEAR}-{SEQ:5}', yearlyReset: true };
    expect(previewOf(overview, overview.subjects[1]!, draft).problem).toEqual({
      code: 'unknownToken',
      token: '{YEAR}',
    });
  });
});
