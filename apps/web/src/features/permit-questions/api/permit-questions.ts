import { useQuery, useQueryClient } from '@tanstack/react-query';
import {
  commandRouteNamed,
  permitQuestionCommandRoutes,
  permitQuestionsSchema,
  type PermitQuestionInput,
  type PermitQuestionVerb,
  type PermitQuestions,
} from '@hasp/contracts';
import { useCommand } from '../../../lib/command';
import { ApiRequestError, apiRequest } from '../../../lib/http';

export const permitQuestionKeys = {
  section: (permitId: number) => ['permit-questions', permitId] as const,
};
/** The permit page's query (features/permits' key): the history tab and buttons read it again. */
const permitKey = (permitId: number) => ['permits', 'permit', permitId] as const;

export function usePermitQuestions(permitId: number) {
  return useQuery({
    queryKey: permitQuestionKeys.section(permitId),
    queryFn: ({ signal }) => apiRequest(`permits/${permitId}/questions`, { schema: permitQuestionsSchema, signal }),
  });
}

/** Refusals the section shows under the question (the server's sentence): no toast on top. */
const explainedHere = (error: unknown) =>
  error instanceof ApiRequestError && [400, 403, 404, 409, 422].includes(error.status);

export interface AnswerCommand {
  verb: PermitQuestionVerb;
  body: PermitQuestionInput;
  /** One key per attempt the user makes: a retry of the same save applies once. */
  key: string;
}

/** Answers or changes an answer; the answer replaces the cached section. */
export function useAnswerCommand(permitId: number) {
  const client = useQueryClient();
  return useCommand({
    call: ({ verb, body, key }: AnswerCommand) => ({
      route: commandRouteNamed(permitQuestionCommandRoutes, `permit-questions.${verb}`),
      urlId: permitId,
      body: body,
      idempotencyKey: key,
    }),
    schema: permitQuestionsSchema,
    quiet: explainedHere,
    onSuccess: (section: PermitQuestions) => {
      client.setQueryData(permitQuestionKeys.section(permitId), section);
      void client.invalidateQueries({ queryKey: permitKey(permitId) });
    },
  });
}
