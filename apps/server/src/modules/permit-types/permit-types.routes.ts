import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  permitGroupInputSchema,
  permitLayoutSchema,
  permitTypeCreateSchema,
  permitTypesConfigSchema,
  permitTypeUpdateSchema,
  idParamsSchema,
  type PermitTypesConfig,
} from '@hasp/contracts';
import type { AppContext } from '../../app-context';
import { contextOf, type CommandDefinition, sendCommand, commandErrorResponses } from '../../platform';
import { requirePermission } from '../../plugins/permissions';
import type { FacilityConfigState } from '../settings';
import {
  arrangePermitTypes,
  createPermitGroup,
  editPermitGroup,
  permitTypesConfig,
  removePermitGroup,
} from './permit-groups.service';
import { createPermitType, editPermitType, permitTypesScreenPermission } from './permit-types.service';

const tags = ['permit-types'];
const security = [{ bearer: [] }];
const idParams = idParamsSchema;
const errors = commandErrorResponses;
const ok = { 200: permitTypesConfigSchema, ...errors };

/**
 * Permit types and permit groups of the signed-in facility (Administrator › Permit types). Every
 * change answers the whole configuration, in sidebar order.
 */
export const permitTypesRoutes: FastifyPluginAsyncZod<AppContext> = async (app, ctx) => {
  app.addHook('preHandler', requirePermission(permitTypesScreenPermission));
  // Every change is a command on the facility's configuration.
  const command = <I>(
    request: FastifyRequest,
    reply: FastifyReply,
    definition: CommandDefinition<I, FacilityConfigState, PermitTypesConfig>,
    input: I,
  ) => sendCommand(ctx.events, request, reply, definition, { targetId: contextOf(request).actor.facilityId, input });

  app.get(
    '/permit-types',
    {
      schema: {
        tags,
        security,
        summary: "The facility's permit groups in sidebar order, each with its permit types (inactive ones too)",
        response: ok,
      },
    },
    async (request) => permitTypesConfig(contextOf(request).connection.db, contextOf(request).actor.facilityId),
  );

  app.post(
    '/permit-types',
    {
      schema: {
        tags,
        security,
        summary:
          'Create a permit type, last in its group; groups holding rightnav:administrator are granted its permissions',
        body: permitTypeCreateSchema,
        response: ok,
      },
    },
    async (request, reply) => command(request, reply, createPermitType, request.body),
  );

  app.put(
    '/permit-types/layout',
    {
      schema: {
        tags,
        security,
        summary: 'Order the groups and the types within them (a type listed under another group moves there)',
        body: permitLayoutSchema,
        response: ok,
      },
    },
    async (request, reply) => command(request, reply, arrangePermitTypes, request.body),
  );

  app.put(
    '/permit-types/:id',
    {
      schema: {
        tags,
        security,
        summary: 'Edit a permit type (not its code); isActive false deactivates it',
        params: idParams,
        body: permitTypeUpdateSchema,
        response: ok,
      },
    },
    async (request, reply) => command(request, reply, editPermitType, { id: request.params.id, values: request.body }),
  );

  app.post(
    '/permit-types/groups',
    {
      schema: {
        tags,
        security,
        summary: 'Create a permit group, last in the sidebar',
        body: permitGroupInputSchema,
        response: ok,
      },
    },
    async (request, reply) => command(request, reply, createPermitGroup, request.body),
  );

  app.put(
    '/permit-types/groups/:id',
    {
      schema: {
        tags,
        security,
        summary: 'Rename a permit group or change its icon',
        params: idParams,
        body: permitGroupInputSchema,
        response: ok,
      },
    },
    async (request, reply) => command(request, reply, editPermitGroup, { id: request.params.id, values: request.body }),
  );

  app.delete(
    '/permit-types/groups/:id',
    {
      schema: {
        tags,
        security,
        summary: 'Delete a permit group that holds no permit type',
        params: idParams,
        response: ok,
      },
    },
    async (request, reply) => command(request, reply, removePermitGroup, { id: request.params.id }),
  );
};
