import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { apiErrorSchema, idParamsSchema, permitCreateSchema, permitPermission, permitSchema } from '@hasp/contracts';
import type { AppContext } from '../../app-context';
import { contextOf, sendCommand } from '../../platform';
import { AppError } from '../../plugins/app-error';
import { assertPermission, permissionsOf } from '../../plugins/permissions';
import { createPermit } from './permit-create.service';
import { findPermit } from './permit.repository';
import { permitView } from './permit-view';

const tags = ['permits'];
const security = [{ bearer: [] }];
const errors = {
  400: apiErrorSchema,
  401: apiErrorSchema,
  403: apiErrorSchema,
  404: apiErrorSchema,
  409: apiErrorSchema,
  422: apiErrorSchema,
};

/**
 * Permits of the signed-in facility. The permission depends on the permit's type
 * (`permit:<action>:<CODE>`), so it is checked once the type is known: by the command's policy for
 * a creation, after the facility-scoped read for a view (another facility's permit is 404 first).
 */
export const permitRoutes: FastifyPluginAsyncZod<AppContext> = async (app, ctx) => {
  app.addHook('onRequest', ctx.requireAuth);

  app.post(
    '/permits',
    {
      schema: {
        tags,
        security,
        summary:
          "Create a draft permit of a type (permit:create:<CODE>), numbered from the type's pattern; Idempotency-Key makes a retry safe",
        body: permitCreateSchema,
        response: { 200: permitSchema, ...errors },
      },
    },
    async (request, reply) =>
      sendCommand(ctx.events, request, reply, createPermit, {
        targetId: request.body.permitTypeId,
        input: request.body,
      }),
  );

  app.get(
    '/permits/:id',
    {
      schema: {
        tags,
        security,
        summary: 'A permit of the facility (permit:view:<CODE>), with its type, people, area, assets and approvals',
        params: idParamsSchema,
        response: { 200: permitSchema, ...errors },
      },
    },
    async (request, reply) => {
      const { connection, actor } = contextOf(request);
      const permit = await findPermit(connection.db, actor.facilityId, request.params.id);
      if (!permit) throw AppError.notFound('Permit');
      await assertPermission(request, permitPermission('view', permit.permitType.code));
      void reply.header('etag', `"${permit.version}"`);
      return permitView(permit, {
        userId: actor.userId,
        permissions: await permissionsOf(request),
        now: contextOf(request).now,
      });
    },
  );
};
