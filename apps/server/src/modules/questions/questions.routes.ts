import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  apiErrorSchema,
  questionAssignmentsInputSchema,
  questionDetailSchema,
  questionFormQuerySchema,
  questionFormSchema,
  questionInputSchema,
  questionListQuerySchema,
  questionPermitTypeSchema,
  questionStatusInputSchema,
  questionSummarySchema,
  rightNavPermission,
  idParamsSchema,
} from '@hasp/contracts';
import type { AppContext } from '../../app-context';
import { commandErrorResponses, contextOf, sendCommand } from '../../platform';
import { requirePermission } from '../../plugins/permissions';
import { listPermitTypes } from './questions.repository';
import {
  createQuestion,
  editQuestion,
  getQuestion,
  listQuestions,
  questionsForForm,
  setFormAssignments,
  setQuestionActive,
} from './questions.service';

const tags = ['questions'];
const security = [{ bearer: [] }];
const idParams = idParamsSchema;
const errors = {
  400: apiErrorSchema,
  401: apiErrorSchema,
  403: apiErrorSchema,
  404: apiErrorSchema,
  409: apiErrorSchema,
};

/**
 * Question Manage: the facility's checklist questions, their versions and where they are asked.
 * Changing them needs Question Manage; reading a form's questions (what permit forms ask) needs
 * only a sign-in in the facility.
 */
export const questionRoutes: FastifyPluginAsyncZod<AppContext> = async (app, ctx) => {
  const preHandler = requirePermission(rightNavPermission('question-manage'));

  app.get(
    '/questions/form',
    {
      schema: {
        tags,
        security,
        summary: 'The active questions a permit type asks at a stage, in order, each as its current version',
        querystring: questionFormQuerySchema,
        response: { 200: questionFormSchema, ...errors },
      },
    },
    async (request) => questionsForForm(contextOf(request).connection.db, contextOf(request).actor, request.query),
  );

  app.put(
    '/questions/form',
    {
      preHandler,
      schema: {
        tags,
        security,
        summary: "Set a form's questions in order: assigns, unassigns and reorders at once",
        body: questionAssignmentsInputSchema,
        response: { 200: questionFormSchema, ...commandErrorResponses },
      },
    },
    async (request, reply) =>
      sendCommand(ctx.events, request, reply, setFormAssignments, {
        targetId: contextOf(request).actor.facilityId,
        input: request.body,
      }),
  );

  app.get(
    '/questions/permit-types',
    {
      preHandler,
      schema: {
        tags,
        security,
        summary: "The facility's permit types, to assign questions to",
        response: { 200: z.array(questionPermitTypeSchema), ...errors },
      },
    },
    async (request) => listPermitTypes(contextOf(request).connection.db, contextOf(request).actor.facilityId),
  );

  app.get(
    '/questions',
    {
      preHandler,
      schema: {
        tags,
        security,
        summary: "The facility's questions with their current versions, filtered by permit type and stage",
        querystring: questionListQuerySchema,
        response: { 200: z.array(questionSummarySchema), ...errors },
      },
    },
    async (request) => listQuestions(contextOf(request).connection.db, contextOf(request).actor, request.query),
  );

  app.post(
    '/questions',
    {
      preHandler,
      schema: {
        tags,
        security,
        summary: 'Create a question (its version 1)',
        body: questionInputSchema,
        response: { 200: questionDetailSchema, ...commandErrorResponses },
      },
    },
    async (request, reply) =>
      sendCommand(ctx.events, request, reply, createQuestion, {
        targetId: contextOf(request).actor.facilityId,
        input: request.body,
      }),
  );

  app.get(
    '/questions/:id',
    {
      preHandler,
      schema: {
        tags,
        security,
        summary: 'A question with every version, newest first',
        params: idParams,
        response: { 200: questionDetailSchema, ...errors },
      },
    },
    async (request) => getQuestion(contextOf(request).connection.db, contextOf(request).actor, request.params.id),
  );

  app.put(
    '/questions/:id',
    {
      preHandler,
      schema: {
        tags,
        security,
        summary: 'Edit a question: adds a version when anything changed (answered versions stay as they were)',
        params: idParams,
        body: questionInputSchema,
        response: { 200: questionDetailSchema, ...commandErrorResponses },
      },
    },
    async (request, reply) =>
      sendCommand(ctx.events, request, reply, editQuestion, { targetId: request.params.id, input: request.body }),
  );

  app.put(
    '/questions/:id/status',
    {
      preHandler,
      schema: {
        tags,
        security,
        summary: 'Deactivate a question (asked on no form; its assignments kept) or activate it again',
        params: idParams,
        body: questionStatusInputSchema,
        response: { 200: questionDetailSchema, ...commandErrorResponses },
      },
    },
    async (request, reply) =>
      sendCommand(ctx.events, request, reply, setQuestionActive, {
        targetId: request.params.id,
        input: { isActive: request.body.isActive },
      }),
  );
};
