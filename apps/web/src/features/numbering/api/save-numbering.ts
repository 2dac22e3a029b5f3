import { useMutation, useQueryClient } from '@tanstack/react-query';
import { numberingOverviewSchema, type NumberingSaveInput } from '@hasp/contracts';
import { apiRequest } from '../../../lib/http';
import { statusIn } from '../../../lib/send-form';
import { numberingKeys } from './keys';

/** Saves the patterns; a refusal (400, 403) comes back for the screen to explain, without the toast. */
function saveNumbering(input: NumberingSaveInput) {
  return apiRequest('numbering', {
    method: 'PUT',
    body: input,
    schema: numberingOverviewSchema,
    quiet: statusIn(400, 403),
  });
}

/** Saves the facility code and the changed patterns; the answer replaces the cached overview. */
export function useSaveNumbering() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveNumbering,
    onSuccess: (overview) => queryClient.setQueryData(numberingKeys.all, overview),
  });
}
