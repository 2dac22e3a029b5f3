import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  apiErrorSchema,
  changePasswordSchema,
  passwordPolicyFor,
  profileSchema,
  updateProfileSchema,
  userSessionSchema,
} from '@hasp/contracts';
import type { AppContext } from '../../app-context';
import { AppError } from '../../plugins/app-error';
import { authOf } from '../../plugins/auth';
import { insertAuthEvent, hashPassword, verifyPassword, revokeRefreshFamily } from '../auth';
import { findLanguageByCode } from '../i18n';
import { readSetting } from '../settings';
import {
  familyBelongsToUser,
  findPasswordHash,
  findProfile,
  listOtherSessionIds,
  listUserSessions,
  updatePasswordHash,
  updateProfileRow,
} from './profile.repository';

const tags = ['profile'];
const security = [{ bearer: [] }];
const errors = {
  400: apiErrorSchema,
  401: apiErrorSchema,
  403: apiErrorSchema,
  404: apiErrorSchema,
  409: apiErrorSchema,
};

/** The signed-in user's own profile, password and signed-in devices. */
export const profileRoutes: FastifyPluginAsyncZod<AppContext> = async (app, ctx) => {
  app.addHook('onRequest', ctx.requireAuth);

  app.get(
    '/profile',
    { schema: { tags, security, summary: 'My profile', response: { 200: profileSchema, ...errors } } },
    async (request) => {
      const auth = authOf(request);
      const profile = await findProfile(auth.connection.db, auth.userId);
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
        summary: 'Update my name, e-mail and language',
        body: updateProfileSchema,
        response: { 200: profileSchema, ...errors },
      },
    },
    async (request) => {
      const auth = authOf(request);
      const { db } = auth.connection;
      let languageId: number | null = null;
      if (request.body.languageCode) {
        const language = await findLanguageByCode(db, request.body.languageCode);
        if (!language)
          throw new AppError('VALIDATION_FAILED', 400, 'Unknown language', [
            { field: 'languageCode', message: 'Choose one of the languages' },
          ]);
        languageId = language.id;
      }
      await updateProfileRow(db, auth.userId, {
        displayName: request.body.displayName,
        email: request.body.email,
        languageId,
      });
      return (await findProfile(db, auth.userId))!;
    },
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
      const auth = authOf(request);
      const { db } = auth.connection;
      const user = await findPasswordHash(db, auth.userId);
      if (user?.is_active_directory_user)
        throw new AppError('CONFLICT', 409, 'Your password is managed by your organisation’s directory');
      if (!user?.password_hash || !(await verifyPassword(user.password_hash, request.body.currentPassword))) {
        throw new AppError('VALIDATION_FAILED', 400, 'The current password is not correct', [
          { field: 'currentPassword', message: 'The current password is not correct' },
        ]);
      }
      const minLength = await readSetting(db, 'security.passwordMinLength');
      if (request.body.newPassword.length < minLength) {
        const message = `The new password is too short. ${passwordPolicyFor(minLength)}`;
        throw AppError.validation([{ field: 'newPassword', message }]);
      }
      if (request.body.newPassword === request.body.currentPassword) {
        throw new AppError('VALIDATION_FAILED', 400, 'Choose a new password', [
          { field: 'newPassword', message: 'The new password must differ from the current one' },
        ]);
      }
      await updatePasswordHash(db, auth.userId, await hashPassword(request.body.newPassword));
      if (request.body.signOutOtherSessions) {
        for (const family of await listOtherSessionIds(db, auth.userId, auth.sessionId)) {
          await revokeRefreshFamily(db, family, 'password changed', new Date());
        }
      }
      await insertAuthEvent(db, {
        kind: 'password_changed',
        userId: auth.userId,
        facilityId: auth.facilityId,
        ip: request.ip,
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
      const auth = authOf(request);
      return listUserSessions(auth.connection.db, auth.userId, auth.sessionId, new Date());
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
      const auth = authOf(request);
      const { db } = auth.connection;
      if (!(await familyBelongsToUser(db, request.params.id, auth.userId))) throw AppError.notFound('Session');
      await revokeRefreshFamily(db, request.params.id, 'revoked by user', new Date());
      await insertAuthEvent(db, {
        kind: 'logout',
        userId: auth.userId,
        facilityId: auth.facilityId,
        ip: request.ip,
        detail: 'device revoked',
      });
      return reply.status(204).send(null);
    },
  );
};
