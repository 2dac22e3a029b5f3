import { useMutation, useQueryClient } from '@tanstack/react-query';
import { numberingOverviewSchema, type NumberingSaveInput } from '@hasp/contracts';
import { ApiRequestError, authorizedFetch, toApiError, toastForError } from '../../../lib/http';
import { numberingKeys } from './keys';

const path = 'numbering';

/** Saves the patterns; a refusal (400, 403) comes back for the screen to explain, without the toast. */
async function saveNumbering(input: NumberingSaveInput) {
  try {
    const response = await authorizedFetch(path, { method: 'PUT', body: input });
    if (!response.ok) throw await toApiError(response);
    return numberingOverviewSchema.parse(await response.json());
  } catch (error) {
    if (!(error instanceof ApiRequestError && (error.status === 400 || error.status === 403))) {
      toastForError(path, error);
    }
    throw error;
  }
}

/** Saves the facility code and the changed patterns; the answer replaces the cached overview. */
export function useSaveNumbering() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveNumbering,
    onSuccess: (overview) => queryClient.setQueryData(numberingKeys.all, overview),
  });
}

/** What to show for a failed save: the server's message (it says why). */
export function reasonOf(error: unknown): string {
  if (error instanceof ApiRequestError) return error.serverMessage ?? error.error.message;
  return error instanceof Error ? error.message : String(error);
}
