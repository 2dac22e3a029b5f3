import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  apiErrorSchema,
  notificationEmailListSchema,
  notificationOptOutsSchema,
  notificationPreviewInputSchema,
  notificationPreviewSchema,
  notificationTemplateInputSchema,
  notificationTemplateListSchema,
  notificationTemplateParamsSchema,
  notificationTemplateSchema,
  rightNavPermission,
} from '@hasp/contracts';
import type { AppContext } from '../../app-context';
import { commandErrorResponses, contextOf, sendCommand } from '../../platform';
import { requirePermission } from '../../plugins/permissions';
import {
  listEmails,
  listOptOuts,
  listTemplates,
  previewTemplate,
  saveOptOuts,
  saveTemplate,
} from './notification-templates.service';

const tags = ['notification-templates'];
const security = [{ bearer: [] }];
const errors = { 400: apiErrorSchema, 401: apiErrorSchema, 403: apiErrorSchema, 404: apiErrorSchema };

/** Notification Template Manage: each event's template, its live preview and the e-mails sent (rightnav:notification-template-manage). */
export const notificationTemplateRoutes: FastifyPluginAsyncZod<AppContext> = async (app, ctx) => {
  app.addHook('preHandler', requirePermission(rightNavPermission('notification-template-manage')));

  app.get(
    '/notification-templates',
    {
      schema: {
        tags,
        security,
        summary: "The facility's template of every event (saved, or the default at version 0)",
        response: { 200: notificationTemplateListSchema, ...errors },
      },
    },
    async (request) =>
      listTemplates(contextOf(request).connection.db, contextOf(request).actor.facilityId, ctx.config.smtpUrl !== ''),
  );

  app.put(
    '/notification-templates/:event',
    {
      schema: {
        tags,
        security,
        summary: "Save an event's template (audited). If-Match: the version loaded (0 for one never saved).",
        params: notificationTemplateParamsSchema,
        body: notificationTemplateInputSchema,
        response: { 200: notificationTemplateSchema, ...commandErrorResponses },
      },
    },
    async (request, reply) =>
      sendCommand(ctx.events, request, reply, saveTemplate, {
        targetId: contextOf(request).actor.facilityId,
        input: { ...request.body, event: request.params.event },
      }),
  );

  app.post(
    '/notification-templates/:event/preview',
    {
      schema: {
        tags,
        security,
        summary: 'A draft subject and body rendered with a permit of the facility (not saved): text and e-mail HTML',
        params: notificationTemplateParamsSchema,
        body: notificationPreviewInputSchema,
        response: { 200: notificationPreviewSchema, ...errors },
      },
    },
    async (request) => {
      const { connection, actor, now } = contextOf(request);
      return previewTemplate(connection.db, actor, request.body, ctx.config.publicUrl, now);
    },
  );

  app.get(
    '/notification-templates/emails',
    {
      schema: {
        tags,
        security,
        summary: "The facility's latest notification e-mails: queued, sent, or failed with the relay's words",
        response: { 200: notificationEmailListSchema, ...errors },
      },
    },
    async (request) => listEmails(contextOf(request).connection.db, contextOf(request).actor.facilityId),
  );
};

/** The signed-in user's own opt-outs (any user; safety-critical events refused). */
export const notificationOptOutRoutes: FastifyPluginAsyncZod<AppContext> = async (app, ctx) => {
  app.get(
    '/profile/notification-opt-outs',
    {
      schema: {
        tags,
        security,
        summary: 'The notification events I switched off',
        response: { 200: notificationOptOutsSchema, ...errors },
      },
    },
    async (request) => ({
      events: await listOptOuts(contextOf(request).connection.db, contextOf(request).actor.userId),
    }),
  );

  app.put(
    '/profile/notification-opt-outs',
    {
      schema: {
        tags,
        security,
        summary: 'Switch notification events off for me (never a safety-critical one: 400)',
        body: notificationOptOutsSchema,
        response: { 200: notificationOptOutsSchema, ...commandErrorResponses },
      },
    },
    async (request, reply) =>
      sendCommand(ctx.events, request, reply, saveOptOuts, {
        targetId: contextOf(request).actor.userId,
        input: { events: request.body.events },
      }),
  );
};
