import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { apiErrorSchema, sessionContextSchema } from '@hasp/contracts';
import type { AppContext } from '../../app-context';
import { contextOf } from '../../platform';
import { permissionsOf } from '../../plugins/permissions';
import { findFacilitySettings, findSecuritySettings } from './settings.repository';

export const sessionContextRoutes: FastifyPluginAsyncZod<AppContext> = async (app, ctx) => {
  app.get(
    '/session/context',
    {
      onRequest: ctx.requireAuth,
      schema: {
        tags: ['session'],
        summary: "The signed-in user's effective permissions and the facility's settings and security settings",
        security: [{ bearer: [] }],
        response: { 200: sessionContextSchema, 401: apiErrorSchema },
      },
    },
    async (request) => {
      const auth = contextOf(request);
      const [permissions, facilitySettings, securitySettings, user] = await Promise.all([
        permissionsOf(request),
        findFacilitySettings(auth.connection.db, auth.actor.facilityId),
        findSecuritySettings(auth.connection.db, auth.actor.facilityId),
        auth.connection.db
          .selectFrom('users')
          .select('must_change_password')
          .where('id', '=', auth.actor.userId)
          .executeTakeFirst(),
      ]);
      return {
        permissions: [...permissions].sort(),
        facilitySettings,
        securitySettings,
        mustChangePassword: user?.must_change_password ?? false,
      };
    },
  );
};
