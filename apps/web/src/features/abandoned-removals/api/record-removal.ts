import { useMutation, useQueryClient } from '@tanstack/react-query';
import { abandonedRemovalSchema, type AbandonedRemovalInput } from '@hasp/contracts';
import { ApiRequestError, apiRequest } from '../../../lib/http';

/** The wizard explains its refusals itself (a lock removed meanwhile, a field): no toast. */
const explainedHere = (error: unknown) => error instanceof ApiRequestError && [400, 403, 409].includes(error.status);

/**
 * The wizard's one command. The key is the wizard's: a retry of the same confirmation applies once.
 * Afterwards every query is refreshed: the permit's sections (isolation plan, tags, crew) show the
 * removed lock and tag, whichever feature reads them.
 */
export function useRecordRemoval(permitId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ input, idempotencyKey }: { input: AbandonedRemovalInput; idempotencyKey: string }) =>
      apiRequest(`permits/${permitId}/abandoned-removals`, {
        method: 'POST',
        body: input,
        headers: { 'idempotency-key': idempotencyKey },
        schema: abandonedRemovalSchema,
        quiet: explainedHere,
      }),
    onSuccess: () => void client.invalidateQueries(),
  });
}
