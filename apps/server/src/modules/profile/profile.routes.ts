import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { changePasswordSchema, profileSchema, updateProfileSchema, userSessionSchema } from '@hasp/contracts';
import type { AppContext } from '../../app-context';
import { AppError } from '../../plugins/app-error';
import { contextOf, sendCommand, commandErrorResponses } from '../../platform';
import { insertAuthEvent, revokeRefreshFamily } from '../auth';
import { changeOwnPassword } from './change-password';
import { updateOwnProfile } from './update-profile';
import { familyBelongsToUser, findProfile, listUserSessions } from './profile.repository';

const tags = ['profile'];
const security = [{ bearer: [] }];
const errors = commandErrorResponses;

/** The signed-in user's own profile, password and signed-in devices. */
export const profileRoutes: FastifyPluginAsyncZod<AppContext> = async (app, ctx) => {
  app.get(
    '/profile',
    { schema: { tags, security, summary: 'My profile', response: { 200: profileSchema, ...errors } } },
    async (request) => {
      const auth = contextOf(request);
      const profile = await findProfile(auth.connection.db, auth.actor.userId);
      if (!profile) throw AppError.notFound('User');
      return profile;
    },
  );

  app.put(
    '/profile',
    {
      schema: {
        tags,
        security,
        summary: 'Update my name, e-mail, language, department or crew and contact (audited; If-Match optional)',
        body: updateProfileSchema,
        response: { 200: profileSchema, ...errors },
      },
    },
    (request, reply) =>
      sendCommand(ctx.events, request, reply, updateOwnProfile, {
        targetId: contextOf(request).actor.userId,
        input: request.body,
      }),
  );

  app.post(
    '/profile/password',
    {
      config: { rateLimit: { max: 10, timeWindow: 60_000 } },
      schema: {
        tags,
        security,
        summary:
          'Change my password (the current one is required; at least the configured minimum length). Clears the must-change flag of a one-time password',
        body: changePasswordSchema,
        response: { 204: z.null(), ...errors },
      },
    },
    async (request, reply) => {
      await sendCommand(ctx.events, request, reply, changeOwnPassword, {
        targetId: contextOf(request).actor.userId,
        input: request.body,
      });
      return reply.status(204).send(null);
    },
  );

  app.get(
    '/profile/sessions',
    {
      schema: {
        tags,
        security,
        summary: 'My signed-in devices',
        response: { 200: z.array(userSessionSchema), ...errors },
      },
    },
    async (request) => {
      const auth = contextOf(request);
      return listUserSessions(auth.connection.db, auth.actor.userId, auth.actor.sessionId, auth.now);
    },
  );

  app.delete(
    '/profile/sessions/:id',
    {
      schema: {
        tags,
        security,
        summary: 'Sign a device out (revokes its refresh-token family at once)',
        params: z.object({ id: z.uuid() }),
        response: { 204: z.null(), ...errors },
      },
    },
    async (request, reply) => {
      const auth = contextOf(request);
      const { db } = auth.connection;
      if (!(await familyBelongsToUser(db, request.params.id, auth.actor.userId))) throw AppError.notFound('Session');
      await revokeRefreshFamily(db, request.params.id, 'revoked by user', auth.now);
      await insertAuthEvent(db, {
        kind: 'logout',
        userId: auth.actor.userId,
        facilityId: auth.actor.facilityId,
        ip: request.ip,
        detail: 'device revoked',
      });
      return reply.status(204).send(null);
    },
  );
};
