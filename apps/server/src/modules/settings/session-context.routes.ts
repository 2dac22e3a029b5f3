import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { apiErrorSchema, sessionContextSchema } from '@hasp/contracts';
import type { AppContext } from '../../app-context';
import { authOf } from '../../plugins/auth';
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
      const auth = authOf(request);
      const [permissions, facilitySettings, securitySettings] = await Promise.all([
        permissionsOf(request),
        findFacilitySettings(auth.connection.db, auth.facilityId),
        findSecuritySettings(auth.connection.db, auth.facilityId),
      ]);
      return { permissions: [...permissions].sort(), facilitySettings, securitySettings };
    },
  );
};
