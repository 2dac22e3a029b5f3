import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  permitPermission,
  permitQuestionCommandRoutes,
  permitQuestionsParamsSchema,
  permitQuestionsSchema,
  type PermitQuestionVerb,
} from '@hasp/contracts';
import type { AppContext } from '../../app-context';
import { commandErrorResponses, contextOf, registerCommandRoutes } from '../../platform';
import { AppError } from '../../plugins/app-error';
import { assertPermission, permissionsOf } from '../../plugins/permissions';
import { permitQuestionCommands } from './permit-questions-command.service';
import { findQuestionsPermit } from './permit-questions.repository';
import { permitQuestionsView } from './permit-questions.view';

const tags = ['permit-questions'];
const security = [{ bearer: [] }];

const verbOf = (name: string) => name.slice('permit-questions.'.length) as PermitQuestionVerb;
const summaries = {
  answer:
    "Answer a question of the permit at a stage (permit:create:<CODE> or permit:issue:<CODE>; the holder for acceptance) while the stage's window is open; the answer keeps the version answered. Idempotency-Key makes a retry safe; If-Match (optional): the section's version",
  'change-answer':
    'Change an answer (same permissions and windows), naming the answer it replaces; the wording answered stays. Idempotency-Key makes a retry safe',
} as const;

/** A permit's checklist questions: the section's view and one route per verb. */
export const permitQuestionRoutes: FastifyPluginAsyncZod<AppContext> = async (app, ctx) => {
  app.get(
    '/permits/:permitId/questions',
    {
      schema: {
        tags,
        security,
        summary:
          "A permit's questions by stage (permit:view:<CODE>): each as the version answered (else the current one), its answer, the value now of the fact it is answered from (if any), and what stops the stage's command",
        params: permitQuestionsParamsSchema,
        response: { 200: permitQuestionsSchema, ...commandErrorResponses },
      },
    },
    async (request, reply) => {
      const { connection, actor } = contextOf(request);
      const permit = await findQuestionsPermit(connection.db, actor.facilityId, request.params.permitId);
      if (!permit) throw AppError.notFound('Permit');
      await assertPermission(request, permitPermission('view', permit.typeCode));
      if (!permit.sections.includes('questions'))
        throw new AppError('NOT_FOUND', 404, 'This type of permit asks no questions.');
      const view = await permitQuestionsView(
        connection.db,
        permit,
        { userId: actor.userId, permissions: await permissionsOf(request) },
        { prefill: true },
      );
      void reply.header('etag', `"${view.version}"`);
      return view;
    },
  );

  registerCommandRoutes(app, ctx.events, permitQuestionCommandRoutes, {
    tags,
    definitionOf: (route) => permitQuestionCommands[verbOf(route.name)],
    summary: (route) => summaries[verbOf(route.name)],
    response: () => ({ 200: permitQuestionsSchema, ...commandErrorResponses }),
  });
};
