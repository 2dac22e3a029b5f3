import { useActionKey } from '../../../lib/action-key';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { attachmentListSchema, attachmentSchema, type Attachment } from '@hasp/contracts';
import { toDataUrl } from '../../../lib/data-url';
import { ApiRequestError, apiRequest } from '../../../lib/http';

export const attachmentKeys = {
  permit: (permitId: number) => ['attachments', 'permit', permitId] as const,
  thumbnail: (attachmentId: number) => ['attachments', 'thumbnail', attachmentId] as const,
};

/** A permit's attachments (others add photos from the floor: refreshed every 15 s while shown). */
export function usePermitAttachments(permitId: number) {
  return useQuery({
    queryKey: attachmentKeys.permit(permitId),
    queryFn: ({ signal }) => apiRequest(`permits/${permitId}/attachments`, { schema: attachmentListSchema, signal }),
    refetchInterval: 15_000,
  });
}

/** Refusals the section shows on the file's own row (too large, wrong type, closed permit): no toast. */
const explainedHere = (error: unknown) =>
  error instanceof ApiRequestError && [400, 403, 409, 413, 415].includes(error.status);

/**
 * Sends one file's bytes as the body (the server reads its type from the bytes), reporting progress.
 * The idempotency key is the pick's own: a retry of the same pick is applied once.
 */
export function uploadAttachment(
  permitId: number,
  pick: { file: File; key: string },
  onProgress: (fraction: number) => void,
): Promise<Attachment> {
  return apiRequest(`permits/${permitId}/attachments`, {
    method: 'POST',
    query: { fileName: pick.file.name },
    body: pick.file,
    headers: { 'idempotency-key': pick.key },
    schema: attachmentSchema,
    quiet: explainedHere,
    onUploadProgress: onProgress,
  });
}

/** Removes an attachment with a reason (If-Match: its version); the list reloads either way. */
export function useRemoveAttachment(permitId: number) {
  const client = useQueryClient();
  // One key per user action: removing again after a lost answer is the same removal.
  const key = useActionKey();
  return useMutation({
    mutationFn: ({ attachment, reason }: { attachment: Attachment; reason: string }) =>
      apiRequest(`permits/${permitId}/attachments/${attachment.ID}/commands/remove`, {
        method: 'POST',
        body: { reason },
        headers: {
          'idempotency-key': key.keyFor({ id: attachment.ID, reason, version: attachment.version }),
          'if-match': `"${attachment.version}"`,
        },
        schema: attachmentSchema,
        quiet: explainedHere,
      }),
    onSuccess: () => key.done(),
    onSettled: () => client.invalidateQueries({ queryKey: attachmentKeys.permit(permitId) }),
  });
}

/** A photo's thumbnail as an image address (fetched with the bearer token, which an <img> cannot send). */
export function useThumbnail(permitId: number, attachment: Attachment) {
  return useQuery({
    queryKey: attachmentKeys.thumbnail(attachment.ID),
    queryFn: async ({ signal }) =>
      toDataUrl(
        await apiRequest(`permits/${permitId}/attachments/${attachment.ID}/thumbnail`, {
          read: 'blob',
          headers: { accept: 'image/*' },
          signal,
          quiet: () => true,
        }),
      ),
    enabled: attachment.hasThumbnail,
    // An attachment's bytes never change.
    staleTime: Infinity,
  });
}

/** Saves the file under its safe name through a temporary link (the bytes need the bearer token). */
export async function downloadAttachment(permitId: number, attachment: Attachment): Promise<void> {
  const blob = await apiRequest(`permits/${permitId}/attachments/${attachment.ID}/file`, {
    read: 'blob',
    headers: { accept: '*/*' },
  });
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = attachment.displayName;
  document.body.append(link);
  link.click();
  link.remove();
  // Give the browser a moment to start the download before the address goes.
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}
