import { describe, expect, it } from 'vitest';
import { listInWords } from './list-words';

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
