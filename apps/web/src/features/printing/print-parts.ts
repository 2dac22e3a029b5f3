import { PRINT_PERMIT_PDF_LIMIT, type PrintItemKind } from '@hasp/contracts';

/**
 * The PDFs a choice of one kind downloads as: permits in parts of PRINT_PERMIT_PDF_LIMIT (each is a
 * whole job-site copy, and the server draws one PDF at most that large); tags and labels in one.
 */
export function pdfParts(kind: PrintItemKind, ids: number[]): number[][] {
  if (kind !== 'permit' || ids.length <= PRINT_PERMIT_PDF_LIMIT) return [ids];
  const parts: number[][] = [];
  for (let i = 0; i < ids.length; i += PRINT_PERMIT_PDF_LIMIT) parts.push(ids.slice(i, i + PRINT_PERMIT_PDF_LIMIT));
  return parts;
}
