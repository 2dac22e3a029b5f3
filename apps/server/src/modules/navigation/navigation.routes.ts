import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { apiErrorSchema, navGroupSchema } from '@hasp/contracts';
import type { AppContext } from '../../app-context';
import { contextOf } from '../../platform';
import { permissionsOf } from '../../plugins/permissions';
import { findFacilitySettings } from '../settings';
import { buildNavigation } from './build-navigation';
import { listPermitTypesWithGroups } from './navigation.repository';

export const navigationRoutes: FastifyPluginAsyncZod<AppContext> = async (app, ctx) => {
  app.get(
    '/navigation',
    {
      onRequest: ctx.requireAuth,
      schema: {
        tags: ['navigation'],
        summary: 'The left sidebar: permit groups and their links for the signed-in user',
        security: [{ bearer: [] }],
        response: { 200: z.array(navGroupSchema), 401: apiErrorSchema },
      },
    },
    async (request) => {
      const auth = contextOf(request);
      const [types, permissions, settings] = await Promise.all([
        listPermitTypesWithGroups(auth.connection.db, auth.actor.facilityId),
        permissionsOf(request),
        findFacilitySettings(auth.connection.db, auth.actor.facilityId),
      ]);
      return buildNavigation(types, permissions, settings.moduleSettings.OfflineMode);
    },
  );
};
