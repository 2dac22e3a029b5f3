import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { jobsHealthSchema, type JobRetry } from '@hasp/contracts';
import { apiRequest } from '../../../lib/http';
import { administratorKeys } from './keys';

export function useJobsHealth() {
  return useQuery({
    queryKey: administratorKeys.jobs(),
    queryFn: ({ signal }) => apiRequest('admin/jobs', { schema: jobsHealthSchema, signal }),
  });
}

/** Runs a failed job again; the answer is the queues as they are then. */
export function useRetryJob() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (target: JobRetry) =>
      apiRequest('admin/jobs/retry', { method: 'POST', body: target, schema: jobsHealthSchema }),
    onSuccess: (health) => queryClient.setQueryData(administratorKeys.jobs(), health),
  });
}
