import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { simopsRulesSchema, type SimopsRuleInput } from '@hasp/contracts';
import { useActionKey } from '../../../lib/action-key';
import { apiRequest } from '../../../lib/http';
import { statusIn } from '../../../lib/send-form';
import { simopsKeys } from './keys';

/** The facility's SIMOPS rules and its permit types to pick from (Administrator). */
export function useSimopsRules() {
  return useQuery({
    queryKey: simopsKeys.rules(),
    queryFn: ({ signal }) => apiRequest('simops-rules', { schema: simopsRulesSchema, signal }),
  });
}

/** Sets the rule of a pair (`none` removes it); the answer is every rule, which replaces the cached ones. */
export function useSetSimopsRule() {
  const client = useQueryClient();
  const key = useActionKey();
  return useMutation({
    mutationFn: (body: SimopsRuleInput) =>
      apiRequest('simops-rules', {
        method: 'PUT',
        body,
        headers: { 'idempotency-key': key.keyFor(body) },
        schema: simopsRulesSchema,
        // The screen shows the refusal where the rule is: no toast on top.
        quiet: statusIn(400, 403, 409, 422),
      }),
    onSuccess: (rules) => {
      key.done();
      client.setQueryData(simopsKeys.rules(), rules);
      // A conflict's rule is shown on the permit page.
      void client.invalidateQueries({ queryKey: ['simops', 'permit'] });
    },
  });
}
