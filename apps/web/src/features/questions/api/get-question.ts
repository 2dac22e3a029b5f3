import { useQuery } from '@tanstack/react-query';
import { questionDetailSchema } from '@hasp/contracts';
import { apiRequest } from '../../../lib/http';
import { questionKeys } from './keys';

/** One question with every version, newest first (the history view). */
export function useQuestion(id: number | null) {
  return useQuery({
    queryKey: questionKeys.detail(id ?? 0),
    queryFn: ({ signal }) => apiRequest(`questions/${id}`, { schema: questionDetailSchema, signal }),
    enabled: id !== null,
  });
}
