import { useQuery } from '@tanstack/react-query';
import { questionFormSchema, type QuestionStage } from '@hasp/contracts';
import { apiRequest } from '../../../lib/http';
import { questionKeys } from './keys';

/** The active questions a permit type asks at a stage, in order. */
export function useQuestionForm(permitTypeId: number | null, stage: QuestionStage) {
  return useQuery({
    queryKey: questionKeys.form(permitTypeId ?? 0, stage),
    queryFn: ({ signal }) =>
      apiRequest('questions/form', { query: { permitTypeId, stage }, schema: questionFormSchema, signal }),
    enabled: permitTypeId !== null,
  });
}
