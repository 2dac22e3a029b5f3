import { useMutation, useQueryClient } from '@tanstack/react-query';
import { securityListsSchema, type SecurityListsInput } from '@hasp/contracts';
import { apiRequest } from '../../../lib/http';
import { statusIn } from '../../../lib/send-form';
import { sessionContextKeys } from '../../../lib/session-context';
import { securityListsKeys } from './keys';

/** Saves the switches; a refusal (400, 403) comes back for the screen to explain, without the toast. */
function saveSecurityLists(input: SecurityListsInput) {
  return apiRequest('security/lists', {
    method: 'PUT',
    body: input,
    schema: securityListsSchema,
    quiet: statusIn(400, 403),
  });
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
      return queryClient.invalidateQueries({ queryKey: sessionContextKeys.all });
    },
  });
}
