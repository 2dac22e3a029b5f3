import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { lockListSchema, lockSchema } from '@hasp/contracts';
import { ApiRequestError, apiRequest } from '../../../lib/http';
import { useActionKey } from '../../../lib/action-key';

const keys = {
  assigned: (permitId: number) => ['isolation-plan', permitId, 'assigned-locks'] as const,
  assignable: (permitId: number) => ['isolation-plan', permitId, 'assignable-locks'] as const,
};

/** The pool locks assigned to this permit (on a point or not). */
export function useAssignedLocks(permitId: number) {
  return useQuery({
    queryKey: keys.assigned(permitId),
    queryFn: ({ signal }) => apiRequest(`permits/${permitId}/locks/assigned`, { schema: lockListSchema, signal }),
  });
}

const refusedHere = (error: unknown) => error instanceof ApiRequestError && [403, 404, 409].includes(error.status);

/**
 * The pool locks free to assign, for whoever may issue permits of this type: anyone else is answered
 * 403, and the section then offers no assigning at all (the server decides who may).
 */
export function useAssignableLocks(permitId: number, enabled: boolean) {
  return useQuery({
    queryKey: keys.assignable(permitId),
    queryFn: ({ signal }) =>
      apiRequest(`permits/${permitId}/locks/assignable`, { schema: lockListSchema, signal, quiet: refusedHere }),
    enabled,
    retry: false,
  });
}

/** Assigns a pool lock to the permit or releases it (`lock.assign` / `lock.unassign`); the lists are read again after. */
export function useLockAssignment(permitId: number) {
  const client = useQueryClient();
  // Pressing again after a lost answer sends the same key: the lock is assigned once.
  const key = useActionKey();
  return useMutation({
    mutationFn: ({ verb, lockId }: { verb: 'assign' | 'unassign'; lockId: number }) =>
      apiRequest(`permits/${permitId}/locks/commands/${verb}`, {
        method: 'POST',
        body: { lockId },
        headers: { 'idempotency-key': key.keyFor({ verb, lockId }) },
        schema: lockSchema,
        quiet: refusedHere,
      }),
    onSuccess: () => key.done(),
    onSettled: () => {
      void client.invalidateQueries({ queryKey: keys.assigned(permitId) });
      void client.invalidateQueries({ queryKey: keys.assignable(permitId) });
      void client.invalidateQueries({ queryKey: ['isolation-plan', permitId, 'applicable-locks'] });
    },
  });
}
