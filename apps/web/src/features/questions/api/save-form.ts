import { useMutation, useQueryClient } from '@tanstack/react-query';
import { questionFormSchema, type QuestionAssignmentsInput } from '@hasp/contracts';
import { questionKeys } from './keys';
import { sendChange } from './send-change';

/** Saves a permit form's questions in order (assigns, unassigns and reorders at once). */
export function useSaveQuestionForm() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: QuestionAssignmentsInput) =>
      sendChange('questions/form', { method: 'PUT', body: input, schema: questionFormSchema }),
    onSuccess: (saved) => {
      queryClient.setQueryData(questionKeys.form(saved.permitTypeID, saved.stage), saved);
      return queryClient.invalidateQueries({ queryKey: questionKeys.lists() });
    },
  });
}
