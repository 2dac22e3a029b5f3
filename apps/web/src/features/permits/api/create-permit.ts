import { useMutation, useQueryClient } from '@tanstack/react-query';
import { permitSchema, type PermitCreate } from '@hasp/contracts';
import { sendForm } from '../../../lib/send-form';
import { permitKeys } from './keys';

/**
 * Creates a draft permit. The caller keeps one Idempotency-Key per form fill: a double tap or a
 * retry after a lost answer creates one permit, and the server answers the same permit again.
 */
export function useCreatePermit() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ body, idempotencyKey }: { body: PermitCreate; idempotencyKey: string }) =>
      sendForm('permits', {
        method: 'POST',
        body,
        headers: { 'idempotency-key': idempotencyKey },
        schema: permitSchema,
      }),
    onSuccess: (permit) => client.setQueryData(permitKeys.permit(permit.ID), permit),
  });
}
