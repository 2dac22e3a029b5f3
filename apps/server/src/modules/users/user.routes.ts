import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { apiErrorSchema, idParamSchema, userSchema } from '@hasp/contracts';
import type { AppContext } from '../../app-context';
import { AppError } from '../../plugins/app-error';
import { contextOf } from '../../platform';
import { findFacilityUserById } from './user.repository';

export const userRoutes: FastifyPluginAsyncZod<AppContext> = async (app, ctx) => {
  app.get(
    '/users/:id',
    {
      onRequest: ctx.requireAuth,
      schema: {
        tags: ['users'],
        summary: 'A user of the signed-in facility (users of other facilities or connections answer 404)',
        security: [{ bearer: [] }],
        params: z.object({ id: idParamSchema }),
        response: { 200: userSchema, 401: apiErrorSchema, 404: apiErrorSchema },
      },
    },
    async (request) => {
      const auth = contextOf(request);
      const user = await findFacilityUserById(auth.connection.db, auth.actor, request.params.id);
      if (!user) throw AppError.notFound('User');
      return user;
    },
  );
};
