import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  idParamsSchema,
  permitPermission,
  permitSimopsSchema,
  simopsRuleInputSchema,
  simopsRulesSchema,
} from '@hasp/contracts';
import type { AppContext } from '../../app-context';
import { commandErrorResponses, contextOf, sendCommand } from '../../platform';
import { AppError } from '../../plugins/app-error';
import { assertPermission, requirePermission } from '../../plugins/permissions';
import { findPermit } from '../permits';
import { simopsSubjectOf } from './simops-check';
import { findSimopsConflicts, listSimopsOverrides, listSimopsRules } from './simops.repository';
import { setSimopsRule, simopsRulesPermission } from './simops-rules.commands';

const tags = ['simops'];
const security = [{ bearer: [] }];

/**
 * SIMOPS: the facility's rules per pair of permit types (Administrator), and a permit's conflicts
 * now with the overrides that name it (the permit page, before Approve or Issue).
 */
export const simopsRoutes: FastifyPluginAsyncZod<AppContext> = async (app, ctx) => {
  app.get(
    '/simops-rules',
    {
      preHandler: requirePermission(simopsRulesPermission),
      schema: {
        tags,
        security,
        summary: "The facility's SIMOPS rules per pair of permit types (warn or block), and its permit types",
        response: { 200: simopsRulesSchema, ...commandErrorResponses },
      },
    },
    async (request) => listSimopsRules(contextOf(request).connection.db, contextOf(request).actor.facilityId),
  );

  app.put(
    '/simops-rules',
    {
      preHandler: requirePermission(simopsRulesPermission),
      schema: {
        tags,
        security,
        summary:
          'Set the SIMOPS rule of a pair of permit types (either order; a type with itself too): warn, block, or none to remove it',
        body: simopsRuleInputSchema,
        response: { 200: simopsRulesSchema, ...commandErrorResponses },
      },
    },
    async (request, reply) =>
      sendCommand(ctx.events, request, reply, setSimopsRule, {
        targetId: contextOf(request).actor.facilityId,
        input: request.body,
      }),
  );

  app.get(
    '/permits/:id/simops',
    {
      schema: {
        tags,
        security,
        summary:
          "A permit's SIMOPS conflicts now (permit:view:<CODE>): other live permits in its area, an area within it or one it is within, whose validity overlaps, with the rule of the two types; and the overrides naming it",
        params: idParamsSchema,
        response: { 200: permitSimopsSchema, ...commandErrorResponses },
      },
    },
    async (request) => {
      const { connection, actor } = contextOf(request);
      const permit = await findPermit(connection.db, actor.facilityId, request.params.id);
      if (!permit) throw AppError.notFound('Permit');
      await assertPermission(request, permitPermission('view', permit.permitType.code));
      return {
        timeZone: permit.facilityTimeZone,
        conflicts: await findSimopsConflicts(connection.db, simopsSubjectOf(permit)),
        overrides: await listSimopsOverrides(connection.db, actor.facilityId, permit.ID),
      };
    },
  );
};
