import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  apiErrorSchema,
  captionResourcesSchema,
  languageSchema,
  rightNavPermission,
  translationRowSchema,
  updateTranslationSchema,
  idParamSchema,
} from '@hasp/contracts';
import type { AppContext } from '../../app-context';
import { AppError } from '../../plugins/app-error';
import { commandErrorResponses, contextOf, sendCommand } from '../../platform';
import { requirePermission } from '../../plugins/permissions';
import {
  findCaptionResources,
  findLanguageByCode,
  findLanguageById,
  listLanguages,
  listTranslationRows,
} from './caption.repository';
import { saveCaptionTranslation } from './translation.service';

const tags = ['translations'];
const errors = { 400: apiErrorSchema, 401: apiErrorSchema, 403: apiErrorSchema, 404: apiErrorSchema };
const connectionQuery = z.object({ connectionStringName: z.string().min(1).max(100) });

/**
 * Languages and captions: read by everyone (the login screen is translated too), edited with the
 * Translations permission. No route registers captions: the server registers the app's own at start
 * (caption-catalog.ts), so a client can never add or change the text every user is served.
 */
export const translationsRoutes: FastifyPluginAsyncZod<AppContext> = async (app, ctx) => {
  app.get(
    '/languages',
    {
      schema: {
        tags,
        summary: "A connection's languages",
        querystring: connectionQuery,
        response: { 200: z.array(languageSchema), ...errors },
      },
    },
    async (request) => listLanguages(ctx.auth.connection(request.query.connectionStringName).db),
  );

  app.get(
    '/i18n/resources',
    {
      schema: {
        tags,
        summary: 'Every caption in one language, for i18next: itemType → formName → controlName → text',
        querystring: connectionQuery.extend({ languageCode: z.string().min(1).max(20) }),
        response: { 200: captionResourcesSchema, ...errors },
      },
    },
    async (request) => {
      const { db } = ctx.auth.connection(request.query.connectionStringName);
      const language = await findLanguageByCode(db, request.query.languageCode);
      if (!language) throw AppError.notFound('Language');
      return findCaptionResources(db, language.id);
    },
  );

  const translate = { onRequest: ctx.requireAuth, preHandler: requirePermission(rightNavPermission('translations')) };
  app.get(
    '/translations',
    {
      ...translate,
      schema: {
        tags,
        security: [{ bearer: [] }],
        summary: 'The translations table for one language',
        querystring: z.object({ languageId: idParamSchema }),
        response: { 200: z.array(translationRowSchema), ...errors },
      },
    },
    async (request) => {
      const { db } = contextOf(request).connection;
      if (!(await findLanguageById(db, request.query.languageId))) throw AppError.notFound('Language');
      return listTranslationRows(db, request.query.languageId);
    },
  );

  app.put(
    '/translations/:captionId/languages/:languageId',
    {
      ...translate,
      schema: {
        tags,
        security: [{ bearer: [] }],
        summary: 'Save (or clear, with null) the preferred caption of one caption in one language',
        params: z.object({
          captionId: idParamSchema,
          languageId: idParamSchema,
        }),
        body: updateTranslationSchema,
        response: { 200: translationRowSchema, ...commandErrorResponses },
      },
    },
    async (request, reply) => {
      // An unknown language is not found before an unknown caption, as it always was.
      const language = await findLanguageById(contextOf(request).connection.db, request.params.languageId);
      if (!language) throw AppError.notFound('Language');
      return sendCommand(ctx.events, request, reply, saveCaptionTranslation, {
        targetId: request.params.captionId,
        input: { languageId: language.id, preferredCaption: request.body.preferredCaption },
      });
    },
  );
};
