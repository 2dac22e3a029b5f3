import { useMutation, useQueryClient } from '@tanstack/react-query';
import { abandonedRemovalSchema, type AbandonedRemoval } from '@hasp/contracts';
import { apiRequest } from '../../../lib/http';
import { abandonedRemovalKeys } from './keys';

/** The applier acknowledges one removal (once: a second tap answers the first). */
export function acknowledgeRemoval(id: number): Promise<AbandonedRemoval> {
  return apiRequest(`me/abandoned-removals/${id}/acknowledge`, {
    method: 'POST',
    body: {},
    schema: abandonedRemovalSchema,
  });
}

export function useAcknowledgeRemoval() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: acknowledgeRemoval,
    onSuccess: (done) =>
      client.setQueryData<AbandonedRemoval[]>(abandonedRemovalKeys.mine(), (list) =>
        list?.filter((r) => r.ID !== done.ID),
      ),
  });
}
