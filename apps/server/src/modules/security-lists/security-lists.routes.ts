import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { rightNavPermission, securityListsInputSchema, securityListsSchema } from '@hasp/contracts';
import type { AppContext } from '../../app-context';
import { contextOf, sendCommand, commandErrorResponses } from '../../platform';
import { requirePermission } from '../../plugins/permissions';
import { listSecurityLists, saveSecurityLists } from './security-lists.service';

const tags = ['security'];
const security = [{ bearer: [] }];
const errors = commandErrorResponses;

/** Security Lists: which right-nav features the signed-in facility switches on (never another facility's). */
export const securityListsRoutes: FastifyPluginAsyncZod<AppContext> = async (app, ctx) => {
  app.addHook('preHandler', requirePermission(rightNavPermission('security-lists')));

  app.get(
    '/security/lists',
    {
      schema: {
        tags,
        security,
        summary: "The facility's security settings: each right-nav feature, on or off, with what it controls",
        response: { 200: securityListsSchema, ...errors },
      },
    },
    async (request) => listSecurityLists(contextOf(request).connection.db, contextOf(request).actor.facilityId),
  );

  app.put(
    '/security/lists',
    {
      schema: {
        tags,
        security,
        summary: 'Switch features of the facility on or off (features not listed keep their setting)',
        body: securityListsInputSchema,
        response: { 200: securityListsSchema, ...errors },
      },
    },
    async (request, reply) =>
      sendCommand(ctx.events, request, reply, saveSecurityLists, {
        targetId: contextOf(request).actor.facilityId,
        input: request.body,
      }),
  );
};
