import { describe, expect, it } from 'vitest';
import { PRINT_PERMIT_PDF_LIMIT } from '@hasp/contracts';
import { pdfParts } from './print-parts';

const ids = (n: number) => Array.from({ length: n }, (_, i) => i + 1);

describe('pdfParts', () => {
  it('splits permits into PDFs the server draws, in the order chosen, each with its own stamps', () => {
    const n = 2 * PRINT_PERMIT_PDF_LIMIT + 1;
    const parts = pdfParts({ kind: 'permit', ids: ids(n), stamps: ids(n).map((i) => `r${i}`) });
    expect(parts.map((p) => p.ids.length)).toEqual([PRINT_PERMIT_PDF_LIMIT, PRINT_PERMIT_PDF_LIMIT, 1]);
    expect(parts.flatMap((p) => p.ids)).toEqual(ids(n));
    for (const part of parts) expect(part.stamps).toEqual(part.ids.map((i) => `r${i}`));
    expect(pdfParts({ kind: 'permit', ids: ids(PRINT_PERMIT_PDF_LIMIT), stamps: [] })).toHaveLength(1);
  });

  it('keeps tags and lockbox labels in one PDF, with their stamps', () => {
    const tags = { kind: 'tag' as const, ids: ids(1000), stamps: ids(1000).map((i) => `t${i}`) };
    expect(pdfParts(tags)).toEqual([tags]);
    expect(pdfParts({ kind: 'lockbox', ids: ids(120), stamps: [] })).toHaveLength(1);
  });
});
