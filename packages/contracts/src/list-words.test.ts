import { describe, expect, it } from 'vitest';
import { groupedInWords, listInWords } from './list-words';

describe('listInWords: a list as a sentence says it', () => {
  it('joins the last two with "and", the others with commas', () => {
    expect(listInWords([])).toBe('');
    expect(listInWords(['E-201'])).toBe('E-201');
    expect(listInWords(['E-201', 'P-201'])).toBe('E-201 and P-201');
    expect(listInWords(['E-201', 'P-201', 'T-3'])).toBe('E-201, P-201 and T-3');
  });

  it('says "or" when asked', () => {
    expect(listInWords(['Draft', 'Requested', 'Approved'], 'or')).toBe('Draft, Requested or Approved');
  });
});

describe('groupedInWords: items grouped by what is wrong, in first-appearance order', () => {
  it('names every item, each group with its own verb', () => {
    expect(
      groupedInWords([
        ['E-1', 'Isolated'],
        ['T-3', 'Pending'],
        ['P-2', 'Isolated'],
      ]),
    ).toBe('E-1 and P-2 are Isolated; T-3 is Pending');
    expect(groupedInWords([['E-1', 'Isolated']])).toBe('E-1 is Isolated');
  });
});
