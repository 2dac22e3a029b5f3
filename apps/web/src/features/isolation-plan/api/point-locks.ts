import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { lockApplicationSchema, lockListSchema, type LockApplyInput } from '@hasp/contracts';
import { useActionKey } from '../../../lib/action-key';
import { ApiRequestError, apiRequest } from '../../../lib/http';
import { planKeys } from './plan';

/** The locks the signed-in user may apply on this permit (their own issued ones, or available ones). */
export function useApplicableLocks(permitId: number, enabled: boolean) {
  return useQuery({
    queryKey: ['isolation-plan', permitId, 'applicable-locks'],
    queryFn: ({ signal }) => apiRequest(`permits/${permitId}/locks/applicable`, { schema: lockListSchema, signal }),
    enabled,
  });
}

const explainedHere = (error: unknown) =>
  error instanceof ApiRequestError && [400, 403, 404, 409].includes(error.status);

/** Applies or removes a lock at a plan point (the locks module's commands); the plan is read again after. */
export function usePointLock(permitId: number) {
  const client = useQueryClient();
  const key = useActionKey();
  return useMutation({
    mutationFn: (what: { apply: LockApplyInput } | { remove: { applicationId: number } }) =>
      apiRequest(`permits/${permitId}/locks/commands/${'apply' in what ? 'apply' : 'remove'}`, {
        method: 'POST',
        body: 'apply' in what ? what.apply : what.remove,
        headers: { 'idempotency-key': key.keyFor(what) },
        schema: lockApplicationSchema,
        quiet: explainedHere,
      }),
    onSuccess: () => key.done(),
    onSettled: () => {
      void client.invalidateQueries({ queryKey: planKeys.plan(permitId) });
      void client.invalidateQueries({ queryKey: ['isolation-plan', permitId, 'applicable-locks'] });
    },
  });
}
