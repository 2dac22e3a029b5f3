import { describe, expect, it } from 'vitest';
import { emptyLine, hasControlText, lineFormMissing, lineInputOf } from './line-form';

describe('line form', () => {
  it('names what is missing and builds the command body', () => {
    expect(lineFormMissing(emptyLine)).toEqual(['jobStep', 'hazardItemId', 'rating']);
    const values = {
      jobStep: '  Drain the tank ',
      hazardItemId: 7,
      rating: { severity: 4, likelihood: 2 },
      controls: [{ itemId: 3, caption: 'Barricade the area' }, { text: 'Release or block stored energy' }],
      residual: null,
    };
    expect(lineFormMissing(values)).toEqual([]);
    expect(lineInputOf(values)).toEqual({
      jobStep: 'Drain the tank',
      hazardItemId: 7,
      severity: 4,
      likelihood: 2,
      controls: [{ itemId: 3 }, { text: 'Release or block stored energy' }],
      residualSeverity: null,
      residualLikelihood: null,
    });
    expect(hasControlText(values.controls, 'release or block stored energy ')).toBe(true);
    expect(hasControlText(values.controls, 'Fire watch')).toBe(false);
  });
});
