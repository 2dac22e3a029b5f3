import { useMutation, useQueryClient } from '@tanstack/react-query';
import { tagReportLinksSchema, type TagReportLinksInput } from '@hasp/contracts';
import { ApiRequestError, authorizedFetch, toApiError, toastForError } from '../../../lib/http';
import { tagReportLinkKeys } from './keys';

const path = 'tag-report-links';

/** Saves the links; a refusal (400, 403) comes back for the screen to explain, without the toast. */
async function saveTagReportLinks(input: TagReportLinksInput) {
  try {
    const response = await authorizedFetch(path, { method: 'PUT', body: input });
    if (!response.ok) throw await toApiError(response);
    return tagReportLinksSchema.parse(await response.json());
  } catch (error) {
    if (!(error instanceof ApiRequestError && (error.status === 400 || error.status === 403))) {
      toastForError(path, error);
    }
    throw error;
  }
}

/** Saves the changed links; the answer replaces the cached list. */
export function useSaveTagReportLinks() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveTagReportLinks,
    onSuccess: (links) => queryClient.setQueryData(tagReportLinkKeys.all, links),
  });
}

/** What to show for a failed save: the server's message (it says why). */
export function reasonOf(error: unknown): string {
  if (error instanceof ApiRequestError) return error.serverMessage ?? error.error.message;
  return error instanceof Error ? error.message : String(error);
}
