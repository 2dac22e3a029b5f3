import { useActionKey } from '../../../lib/action-key';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import * as z from 'zod/mini';
import {
  MARK_PRINTED_BATCH,
  markPrintedResultSchema,
  masterListItemSchema,
  printListSchema,
  reprintResultSchema,
  tagLayoutListSchema,
  tagLayoutSchema,
  type MarkPrintedResult,
  type PrintItemKind,
  type PrintQueue,
  type TagLayoutInput,
  type TagLayoutKey,
} from '@hasp/contracts';
import { apiRequest } from '../../../lib/http';
import { saveBlob } from '../../../lib/save-file';
import { statusIn } from '../../../lib/send-form';
import { sliceSelection, type KindSelection } from '../print-parts';

export const printingKeys = {
  list: (filter: PrintListFilter) => ['printing', 'list', filter] as const,
  lists: ['printing', 'list'] as const,
  layouts: ['printing', 'layouts'] as const,
  legends: ['printing', 'legends'] as const,
};

export interface PrintListFilter {
  queue: PrintQueue;
  kind?: PrintItemKind;
  permitId?: number;
  areaId?: number;
}

/** The print queue with the filters (the previous answer stays on screen while a new filter loads). */
export function usePrintList(filter: PrintListFilter) {
  return useQuery({
    queryKey: printingKeys.list(filter),
    queryFn: ({ signal }) => apiRequest('print-list', { query: { ...filter }, schema: printListSchema, signal }),
    placeholderData: keepPreviousData,
  });
}

/** The file name of each kind's PDF (one kind per PDF: each goes to its own stock). */
const fileNames: Record<PrintItemKind, string> = {
  tag: 'tags',
  permit: 'permits',
  lockbox: 'lockbox-labels',
  lock: 'lock-labels',
};

/**
 * Downloads the chosen items of one kind as one PDF; returns the file's name. `part` numbers one of
 * several PDFs of one choice (a large choice of permits, see pdfParts). Without stamps (a reprint)
 * the items print as they are now.
 */
export async function downloadPdf(
  { kind, ids, stamps }: Omit<KindSelection, 'stamps'> & { stamps?: string[] },
  part?: { index: number; count: number },
): Promise<string> {
  const blob = await apiRequest('print-list/pdf', {
    method: 'POST',
    // With the stamps, the server refuses an item changed since the list showed it (the PDF would
    // then show a newer copy than the one "Mark printed" records).
    body: { kind, ids, ...(stamps ? { stamps } : {}) },
    read: 'blob',
    headers: { accept: 'application/pdf' },
    quiet: () => true,
  });
  const suffix = part && part.count > 1 ? `-${part.index + 1}-of-${part.count}` : '';
  const name = `hasp-${fileNames[kind]}-${new Date().toISOString().slice(0, 10)}${suffix}.pdf`;
  saveBlob(blob, name);
  return name;
}

/** Chosen items by kind, in the list's order. */
export type PrintSelection = KindSelection[];

/**
 * Marks the items printed, kind by kind, in parts of MARK_PRINTED_BATCH, telling how many are done
 * after each, so a large batch shows its progress; the refusals of every part come back together.
 */
export function useMarkPrinted(onProgress: (done: number, total: number) => void) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (selection: PrintSelection): Promise<MarkPrintedResult> => {
      const result: MarkPrintedResult = { printed: [], refused: [] };
      const total = selection.reduce((sum, s) => sum + s.ids.length, 0);
      let done = 0;
      onProgress(0, total);
      for (const kindSelection of selection) {
        for (let at = 0; at < kindSelection.ids.length; at += MARK_PRINTED_BATCH) {
          const part = sliceSelection(kindSelection, at, at + MARK_PRINTED_BATCH);
          const answer = await apiRequest('print-list/mark-printed', {
            method: 'POST',
            body: part,
            schema: markPrintedResultSchema,
          });
          result.printed.push(...answer.printed);
          result.refused.push(...answer.refused);
          done += part.ids.length;
          onProgress(done, total);
        }
      }
      return result;
    },
    onSettled: () => client.invalidateQueries({ queryKey: printingKeys.lists }),
  });
}

/** Records the reprint (with its reason), then downloads the item's PDF. */
export function useReprint() {
  const client = useQueryClient();
  // One key per user action: pressing Reprint again after a lost answer records one reprint.
  const key = useActionKey();
  return useMutation({
    mutationFn: async ({ kind, id, reason }: { kind: PrintItemKind; id: number; reason: string }) => {
      const result = await apiRequest('print-list/reprint', {
        method: 'POST',
        body: { kind, id, reason },
        headers: { 'idempotency-key': key.keyFor({ kind, id, reason }) },
        schema: reprintResultSchema,
        quiet: statusIn(400, 409),
      });
      key.done();
      await downloadPdf({ kind, ids: [id] });
      return result;
    },
    onSettled: () => client.invalidateQueries({ queryKey: printingKeys.lists }),
  });
}

export function useTagLayouts() {
  return useQuery({
    queryKey: printingKeys.layouts,
    queryFn: ({ signal }) => apiRequest('print-settings/tag-layouts', { schema: tagLayoutListSchema, signal }),
  });
}

/** The facility's active tag legends (the layout's legend picker). */
export function useTagLegends() {
  return useQuery({
    queryKey: printingKeys.legends,
    queryFn: ({ signal }) =>
      apiRequest('assets/master-lists/tag-legends', { schema: z.array(masterListItemSchema), signal }),
    staleTime: 5 * 60_000,
  });
}

/** Saves a layout (If-Match: the version loaded); the list reloads. */
export function useSaveTagLayout() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ key, input, version }: { key: TagLayoutKey; input: TagLayoutInput; version: number }) =>
      apiRequest(`print-settings/tag-layouts/${key}`, {
        method: 'PUT',
        body: input,
        headers: { 'if-match': `"${version}"` },
        schema: tagLayoutSchema,
        quiet: statusIn(400, 409),
      }),
    onSuccess: () => client.invalidateQueries({ queryKey: printingKeys.layouts }),
  });
}

/** The server's PDF of a sample tag on the draft (nothing saved), as an address for the preview frame. */
export function useTagPreview(key: TagLayoutKey, input: TagLayoutInput | null) {
  return useQuery({
    queryKey: ['printing', 'preview', key, input],
    queryFn: async ({ signal }) =>
      apiRequest(`print-settings/tag-layouts/${key}/preview`, {
        method: 'POST',
        body: input,
        read: 'blob',
        signal,
        headers: { accept: 'application/pdf' },
        quiet: () => true,
      }),
    enabled: input !== null,
    placeholderData: keepPreviousData,
    staleTime: Infinity,
  });
}
