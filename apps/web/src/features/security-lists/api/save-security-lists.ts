import { useMutation, useQueryClient } from '@tanstack/react-query';
import { securityListsSchema, type SecurityListsInput } from '@hasp/contracts';
import { ApiRequestError, authorizedFetch, toApiError, toastForError } from '../../../lib/http';
import { securityListsKeys } from './keys';

const path = 'security/lists';

/** Saves the switches; a refusal (400, 403) comes back for the screen to explain, without the toast. */
async function saveSecurityLists(input: SecurityListsInput) {
  try {
    const response = await authorizedFetch(path, { method: 'PUT', body: input });
    if (!response.ok) throw await toApiError(response);
    return securityListsSchema.parse(await response.json());
  } catch (error) {
    if (!(error instanceof ApiRequestError && (error.status === 400 || error.status === 403))) {
      toastForError(path, error);
    }
    throw error;
  }
}

/**
 * Saves, then reloads this user's session context so the menu follows at once (other open
 * sessions hear it through the notification stream's `context-changed` event).
 */
export function useSaveSecurityLists() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveSecurityLists,
    onSuccess: (lists) => {
      queryClient.setQueryData(securityListsKeys.all, lists);
      return queryClient.invalidateQueries({ queryKey: ['session-context'] });
    },
  });
}

/** What to show for a failed save: the server's message (it says why). */
export function reasonOf(error: unknown): string {
  if (error instanceof ApiRequestError) return error.serverMessage ?? error.error.message;
  return error instanceof Error ? error.message : String(error);
}
