import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { approvalStagesSchema, type ApprovalStagesUpdate } from '@hasp/contracts';
import { apiRequest } from '../../../lib/http';
import { statusIn } from '../../../lib/send-form';

const key = ['signatures', 'approval-stages'] as const;

/** The facility's approval stages per risk level, and its groups (Facility Settings). */
export function useApprovalStages() {
  return useQuery({
    queryKey: key,
    queryFn: ({ signal }) => apiRequest('approval-stages', { schema: approvalStagesSchema, signal }),
  });
}

/** Saves all three levels; a refusal (400, 403, 409) comes back for the screen to show as the server words it. */
export function useSaveApprovalStages() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: ApprovalStagesUpdate) =>
      apiRequest('approval-stages', {
        method: 'PUT',
        body: input,
        schema: approvalStagesSchema,
        quiet: statusIn(400, 403, 409),
      }),
    onSuccess: (stages) => queryClient.setQueryData(key, stages),
  });
}
