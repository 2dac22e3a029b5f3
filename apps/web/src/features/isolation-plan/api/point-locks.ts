import { useQuery, useQueryClient } from '@tanstack/react-query';
import {
  commandRouteNamed,
  lockApplicationSchema,
  lockCommandRoutes,
  lockListSchema,
  type LockApplyInput,
} from '@hasp/contracts';
import { useCommand } from '../../../lib/command';
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
  return useCommand({
    call: (what: { apply: LockApplyInput } | { remove: { applicationId: number } }) => ({
      route: commandRouteNamed(lockCommandRoutes, 'apply' in what ? 'lock.apply' : 'lock.remove'),
      urlId: permitId,
      body: 'apply' in what ? what.apply : what.remove,
    }),
    schema: lockApplicationSchema,
    quiet: explainedHere,
    onSettled: () => {
      void client.invalidateQueries({ queryKey: planKeys.plan(permitId) });
      void client.invalidateQueries({ queryKey: ['isolation-plan', permitId, 'applicable-locks'] });
    },
  });
}
