import { PRINT_PERMIT_PDF_LIMIT, type PrintItemKind } from '@hasp/contracts';

/** Chosen items of one kind, in the list's order, with their stamps. */
export interface KindSelection {
  kind: PrintItemKind;
  ids: number[];
  /** PrintListItem.stamp of each id: what its PDF shows, and what "Mark printed" records (required there). */
  stamps: string[];
}

/** Items `from`..`to` of a selection, its stamps cut alike. */
export function sliceSelection(selection: KindSelection, from: number, to: number): KindSelection {
  const { kind, ids, stamps } = selection;
  return { kind, ids: ids.slice(from, to), stamps: stamps.slice(from, to) };
}

/**
 * The PDFs a choice of one kind downloads as: permits in parts of PRINT_PERMIT_PDF_LIMIT (each is a
 * whole job-site copy, and the server draws one PDF at most that large); tags and labels in one.
 */
export function pdfParts(selection: KindSelection): KindSelection[] {
  const size = selection.kind === 'permit' ? PRINT_PERMIT_PDF_LIMIT : selection.ids.length;
  if (selection.ids.length <= size) return [selection];
  const parts: KindSelection[] = [];
  for (let i = 0; i < selection.ids.length; i += size) parts.push(sliceSelection(selection, i, i + size));
  return parts;
}
