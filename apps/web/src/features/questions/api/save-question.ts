import { useMutation, useQueryClient } from '@tanstack/react-query';
import { questionDetailSchema, type QuestionDetail, type QuestionInput } from '@hasp/contracts';
import { questionKeys } from './keys';
import { sendChange } from './send-change';

/** Creates a question (no id) or edits one: the server adds a version when anything changed. */
function saveQuestion({ id, input }: { id: number | null; input: QuestionInput }): Promise<QuestionDetail> {
  return id === null
    ? sendChange('questions', { method: 'POST', body: input, schema: questionDetailSchema })
    : sendChange(`questions/${id}`, { method: 'PUT', body: input, schema: questionDetailSchema });
}

export function useSaveQuestion() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveQuestion,
    onSuccess: (saved) => {
      queryClient.setQueryData(questionKeys.detail(saved.ID), saved);
      return queryClient.invalidateQueries({ queryKey: questionKeys.all });
    },
  });
}

/** Deactivates (asked on no form) or activates a question. */
export function useSetQuestionActive() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, isActive }: { id: number; isActive: boolean }) =>
      sendChange(`questions/${id}/status`, { method: 'PUT', body: { isActive }, schema: questionDetailSchema }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: questionKeys.all }),
  });
}
