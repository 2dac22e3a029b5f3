import { describe, expect, it } from 'vitest';
import { PRINT_PERMIT_PDF_LIMIT } from '@hasp/contracts';
import { pdfParts } from './print-parts';

const ids = (n: number) => Array.from({ length: n }, (_, i) => i + 1);

describe('pdfParts', () => {
  it('splits permits into PDFs the server draws, in the order chosen, none lost', () => {
    const parts = pdfParts('permit', ids(2 * PRINT_PERMIT_PDF_LIMIT + 1));
    expect(parts.map((p) => p.length)).toEqual([PRINT_PERMIT_PDF_LIMIT, PRINT_PERMIT_PDF_LIMIT, 1]);
    expect(parts.flat()).toEqual(ids(2 * PRINT_PERMIT_PDF_LIMIT + 1));
    expect(pdfParts('permit', ids(PRINT_PERMIT_PDF_LIMIT))).toHaveLength(1);
  });

  it('keeps tags and lockbox labels in one PDF', () => {
    expect(pdfParts('tag', ids(1000))).toEqual([ids(1000)]);
    expect(pdfParts('lockbox', ids(120))).toEqual([ids(120)]);
  });
});
