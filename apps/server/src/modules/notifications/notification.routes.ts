import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  apiErrorSchema,
  bigIdParamSchema,
  notificationListQuerySchema,
  notificationListSchema,
  notificationSchema,
} from '@hasp/contracts';
import type { AppContext } from '../../app-context';
import { AppError } from '../../plugins/app-error';
import { contextOf, type RequestContext } from '../../platform';
import {
  countUnreadNotifications,
  deleteAllNotifications,
  listNotifications,
  markAllNotificationsSeen,
  markNotificationSeen,
} from './notification.repository';
import { serveNotificationStream } from './notification-stream';

const secured = { tags: ['notifications'], security: [{ bearer: [] }] };
const inboxOf = (auth: RequestContext) => ({ userId: auth.actor.userId, facilityId: auth.actor.facilityId });

/** The signed-in user's notifications in this facility, and a live stream of new ones. */
export const notificationRoutes: FastifyPluginAsyncZod<AppContext> = async (app, ctx) => {
  app.get(
    '/notifications',
    {
      schema: {
        ...secured,
        summary: 'Notifications, newest first: unread only (default) or all',
        querystring: notificationListQuerySchema,
        response: { 200: notificationListSchema, 401: apiErrorSchema },
      },
    },
    async (request) => {
      const auth = contextOf(request);
      const [notifications, unreadCount] = await Promise.all([
        listNotifications(auth.connection.db, inboxOf(auth), request.query.filter === 'unread'),
        countUnreadNotifications(auth.connection.db, inboxOf(auth)),
      ]);
      return { notifications, unreadCount };
    },
  );

  app.post(
    '/notifications/:id/seen',
    {
      schema: {
        ...secured,
        summary: 'Mark one notification read (seen)',
        params: z.object({ id: bigIdParamSchema }),
        response: { 200: notificationSchema, 401: apiErrorSchema, 404: apiErrorSchema },
      },
    },
    async (request) => {
      const auth = contextOf(request);
      const notification = await markNotificationSeen(auth.connection.db, inboxOf(auth), request.params.id, auth.now);
      if (!notification) throw AppError.notFound('Notification');
      return notification;
    },
  );

  app.post(
    '/notifications/seen-all',
    {
      schema: {
        ...secured,
        summary: 'Mark all notifications read',
        response: { 200: z.object({ updated: z.number().int() }), 401: apiErrorSchema },
      },
    },
    async (request) => {
      const auth = contextOf(request);
      return { updated: await markAllNotificationsSeen(auth.connection.db, inboxOf(auth), auth.now) };
    },
  );

  app.delete(
    '/notifications',
    {
      schema: {
        ...secured,
        summary: 'Delete all notifications',
        response: { 200: z.object({ deleted: z.number().int() }), 401: apiErrorSchema },
      },
    },
    async (request) => {
      const auth = contextOf(request);
      return { deleted: await deleteAllNotifications(auth.connection.db, inboxOf(auth), auth.now) };
    },
  );

  app.get(
    '/notifications/stream',
    {
      schema: {
        ...secured,
        summary:
          "Server-sent events: a `notification` event for each new notification, as it is committed, and `context-changed` when the facility's permissions or security lists change",
        description:
          'Send the bearer token (read the stream with fetch). Heartbeat comments every 25 s. The stream ends with a `session-ended` event (`reason`: `ended` when the sign-in ended — sign-out, device revoked, user disabled, facility access removed — or `expired` when the access token expired): reconnect with a renewed token.',
      },
    },
    async (request, reply) => {
      const auth = contextOf(request);
      // Within the verifier's clock tolerance a token may be accepted after its exp: a stream opened
      // with it would end at once, and the browser would reopen it again and again.
      if (auth.expiresAt <= Date.now()) throw AppError.unauthenticated('Your session has expired', 'TOKEN_EXPIRED');
      reply.hijack();
      await serveNotificationStream(ctx, auth, reply.raw);
    },
  );
};
