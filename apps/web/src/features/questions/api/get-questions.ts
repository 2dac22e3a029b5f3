import { useQuery } from '@tanstack/react-query';
import * as z from 'zod/mini';
import { questionSummarySchema, type QuestionListQuery } from '@hasp/contracts';
import { apiRequest } from '../../../lib/http';
import { questionKeys } from './keys';

const listSchema = z.array(questionSummarySchema);

/** The facility's questions with their current versions, filtered by permit type and stage. */
export function useQuestions(query: QuestionListQuery) {
  return useQuery({
    queryKey: questionKeys.list(query),
    queryFn: ({ signal }) => apiRequest('questions', { query: { ...query }, schema: listSchema, signal }),
  });
}
