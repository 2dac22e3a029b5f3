import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  acknowledgementSchema,
  announcementGroupSchema,
  announcementInputSchema,
  announcementSchema,
  apiErrorSchema,
  rightNavPermission,
  idParamsSchema,
} from '@hasp/contracts';
import type { AppContext } from '../../app-context';
import { AppError } from '../../plugins/app-error';
import { commandErrorResponses, contextOf, sendCommand } from '../../platform';
import { requirePermission } from '../../plugins/permissions';
import {
  findAnnouncementById,
  listAcknowledgements,
  listAnnouncementsForManager,
  listCurrentAnnouncementsForUser,
  listFacilityGroups,
} from './announcement.repository';
import {
  acknowledgeAnnouncement,
  changeAnnouncementStatus,
  createAnnouncement,
  editAnnouncement,
} from './announcement.service';

const tags = ['announcements'];
const security = [{ bearer: [] }];
const idParams = idParamsSchema;
const errors = {
  400: apiErrorSchema,
  401: apiErrorSchema,
  403: apiErrorSchema,
  404: apiErrorSchema,
  409: apiErrorSchema,
};

export const announcementRoutes: FastifyPluginAsyncZod<AppContext> = async (app, ctx) => {
  // Rich text with pasted images can be large; everything else stays under the global 1 MB.
  const bodyLimit = 3 * 1024 * 1024;
  const manage = { preHandler: requirePermission(rightNavPermission('announcement-manage')) };

  app.get(
    '/announcements',
    {
      schema: {
        tags,
        security,
        summary: 'Current announcements for the caller, newest first',
        response: { 200: z.array(announcementSchema), ...errors },
      },
    },
    async (request) => {
      const auth = contextOf(request);
      return listCurrentAnnouncementsForUser(auth.connection.db, auth.actor, auth.actor.userId, auth.now);
    },
  );

  app.post(
    '/announcements/:id/acknowledge',
    {
      schema: {
        tags,
        security,
        summary: 'Acknowledge an announcement (recorded once, with the time)',
        params: idParams,
        response: { 200: announcementSchema, ...errors },
      },
    },
    async (request) =>
      acknowledgeAnnouncement(
        contextOf(request).connection.db,
        contextOf(request).actor,
        request.params.id,
        contextOf(request).now,
      ),
  );

  app.get(
    '/announcement-manager/announcements',
    {
      ...manage,
      schema: {
        tags,
        security,
        summary: 'All announcements of the facility (manager)',
        querystring: z.object({ includeArchived: z.enum(['true', 'false']).default('false') }),
        response: { 200: z.array(announcementSchema), ...errors },
      },
    },
    async (request) => {
      const auth = contextOf(request);
      return listAnnouncementsForManager(
        auth.connection.db,
        auth.actor,
        auth.actor.userId,
        request.query.includeArchived === 'true',
      );
    },
  );

  app.post(
    '/announcement-manager/announcements',
    {
      ...manage,
      bodyLimit,
      schema: {
        tags,
        security,
        summary: 'Create a draft announcement',
        body: announcementInputSchema,
        response: { 200: announcementSchema, ...commandErrorResponses },
      },
    },
    async (request, reply) =>
      sendCommand(ctx.events, request, reply, createAnnouncement, {
        targetId: contextOf(request).actor.facilityId,
        input: request.body,
      }),
  );

  app.put(
    '/announcement-manager/announcements/:id',
    {
      ...manage,
      bodyLimit,
      schema: {
        tags,
        security,
        summary: 'Edit an announcement',
        params: idParams,
        body: announcementInputSchema,
        response: { 200: announcementSchema, ...commandErrorResponses },
      },
    },
    async (request, reply) =>
      sendCommand(ctx.events, request, reply, editAnnouncement, { targetId: request.params.id, input: request.body }),
  );

  for (const action of ['publish', 'expire', 'archive'] as const) {
    app.post(
      `/announcement-manager/announcements/:id/${action}`,
      {
        ...manage,
        schema: {
          tags,
          security,
          summary: `${action[0]!.toUpperCase()}${action.slice(1)} an announcement`,
          params: idParams,
          response: { 200: announcementSchema, ...commandErrorResponses },
        },
      },
      async (request, reply) =>
        sendCommand(ctx.events, request, reply, changeAnnouncementStatus[action], {
          targetId: request.params.id,
          input: null,
        }),
    );
  }

  app.get(
    '/announcement-manager/groups',
    {
      ...manage,
      schema: {
        tags,
        security,
        summary: "The facility's groups, for an announcement's audience",
        response: { 200: z.array(announcementGroupSchema), ...errors },
      },
    },
    async (request) => {
      const auth = contextOf(request);
      return listFacilityGroups(auth.connection.db, auth.actor);
    },
  );

  app.get(
    '/announcement-manager/announcements/:id/acknowledgements',
    {
      ...manage,
      schema: {
        tags,
        security,
        summary: 'Who acknowledged, and when',
        params: idParams,
        response: { 200: z.array(acknowledgementSchema), ...errors },
      },
    },
    async (request) => {
      const auth = contextOf(request);
      if (!(await findAnnouncementById(auth.connection.db, auth.actor, auth.actor.userId, request.params.id)))
        throw AppError.notFound('Announcement');
      const rows = await listAcknowledgements(auth.connection.db, auth.actor, request.params.id);
      return rows.map((r) => ({
        user: { ID: r.id, displayName: r.display_name, userName: r.user_name },
        acknowledgedAt: new Date(r.acknowledged_at).toISOString(),
      }));
    },
  );
};
