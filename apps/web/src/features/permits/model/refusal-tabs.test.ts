import { describe, expect, it } from 'vitest';
import type { PermitCommandRefusal } from '@hasp/contracts';
import { ApiRequestError } from '../../../lib/http';
import type { PermitSectionEntry } from './permit-sections';
import { refusalSection, refusalTabOf, refusalsBesideTab, shownRefusals } from './refusal-tabs';

const entry = (id: string): PermitSectionEntry => ({
  section: null,
  id,
  label: { key: id, text: id } as unknown as PermitSectionEntry['label'],
  render: () => null,
});
const sections = [entry('questions'), entry('crew-sign-on'), entry('gas-tests')];
const refusal = (over: Partial<PermitCommandRefusal>): PermitCommandRefusal => ({
  command: 'close',
  code: 'PRECONDITION_FAILED',
  reason: 'r',
  tab: 'none',
  ...over,
});

describe('refusal tabs', () => {
  it('links a refusal to the shown section of its tab: crew to Crew sign-on, none or a missing section to nothing', () => {
    expect(refusalSection('crew', sections)?.id).toBe('crew-sign-on');
    expect(refusalSection('questions', sections)?.id).toBe('questions');
    expect(refusalSection('isolation', sections)).toBeNull();
    expect(refusalSection('none', sections)).toBeNull();
  });

  it("says a step's refusal the viewer must know (separation of duties, what is left), never a permission they lack", () => {
    const shown = shownRefusals([
      refusal({ command: 'approve', code: 'SEPARATION_OF_DUTIES' }),
      refusal({ command: 'close', code: 'PRECONDITION_FAILED' }),
      refusal({ command: 'isolate', code: 'FORBIDDEN' }),
      refusal({ command: 'edit', code: 'PRECONDITION_FAILED' }),
      refusal({ command: 'accept', code: 'NOT_THE_RIGHT_PERSON' }),
    ]);
    expect(shown.map((r) => r.command)).toEqual(['approve', 'close']);
  });

  it('leaves a refusal to its own tab while that tab is open, and says the others', () => {
    const refusals = [
      refusal({ command: 'accept', tab: 'crew' }),
      refusal({ command: 'close', tab: 'questions' }),
      refusal({ command: 'approve', tab: 'none' }),
    ];
    expect(refusalsBesideTab(refusals, sections, 'crew-sign-on').map((r) => r.command)).toEqual(['close', 'approve']);
    expect(refusalsBesideTab(refusals, sections, 'permit')).toHaveLength(3);
    expect(refusalsBesideTab(refusals, sections, undefined)).toHaveLength(3);
  });

  it("reads the tab a refused command's answer names in its details", () => {
    const error = new ApiRequestError(409, {
      code: 'CONFLICT',
      message: 'Question 3 must be answered.',
      details: [
        { field: 'code', message: 'PRECONDITION_FAILED' },
        { field: 'tab', message: 'questions' },
      ],
    });
    expect(refusalTabOf(error)).toBe('questions');
    expect(refusalTabOf(new Error('offline'))).toBeNull();
  });
});
