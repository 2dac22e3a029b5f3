import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  API_KEY_RATE_LIMIT_PER_MINUTE,
  apiErrorSchema,
  connectPermitListSchema,
  connectPermitQuerySchema,
  connectPermitSchema,
  idParamsSchema,
  workOrderPermitCreateSchema,
} from '@hasp/contracts';
import type { AppContext } from '../../app-context';
import { contextOf, sendCommand } from '../../platform';
import { AppError } from '../../plugins/app-error';
import { permissionsOf } from '../../plugins/permissions';
import { createPermit } from '../permits';
import { listConnectPermits } from './connect-permits.repository';

const tags = ['connect'];
const security: Record<string, string[]>[] = [{ apiKey: [] }, { bearer: [] }];
const errors = {
  400: apiErrorSchema,
  401: apiErrorSchema,
  403: apiErrorSchema,
  404: apiErrorSchema,
  409: apiErrorSchema,
  422: apiErrorSchema,
  429: apiErrorSchema,
};

/**
 * Per key (or per signed-in session), after authentication: a busy integrator slows itself, not
 * the site. Answers 429 with Retry-After (the app's rate-limit error).
 */
const rateLimit = {
  max: API_KEY_RATE_LIMIT_PER_MINUTE,
  timeWindow: 60_000,
  hook: 'preHandler' as const,
  keyGenerator: (request: FastifyRequest) => {
    const actor = request.ctx?.actor;
    if (!actor) return `ip:${request.ip}`;
    return actor.apiKey ? `key:${request.ctx!.connection.name}:${actor.apiKey.id}` : `session:${actor.sessionId}`;
  },
};

/** The permit types whose permits the caller may view (`permit:view:<CODE>`). */
async function viewableTypes(request: FastifyRequest): Promise<string[]> {
  return [...(await permissionsOf(request))].filter((p) => p.startsWith('permit:view:')).map((p) => p.slice(12));
}

async function readPermit(request: FastifyRequest, id: number) {
  const { connection, actor } = contextOf(request);
  const [permit] = await listConnectPermits(connection.db, actor.facilityId, {
    typeCodes: await viewableTypes(request),
    limit: 1,
    id,
  });
  if (!permit) throw AppError.notFound('Permit');
  return permit;
}

/**
 * The integrators' permit routes (Hasp Connect, decision 0077): a maintenance system (SAP PM,
 * Maximo) creates a draft permit from a work order, then follows its status and isolation. An API
 * key (`Authorization: Bearer hasp_…` or `X-Api-Key`) or a signed-in user may call them; see
 * docs/connect.md.
 */
export const connectPermitRoutes: FastifyPluginAsyncZod<AppContext> = async (app, ctx) => {
  app.post(
    '/connect/permits',
    {
      config: { rateLimit },
      schema: {
        tags,
        security,
        summary:
          'Create a draft permit from a work order (permit:create:<CODE>). One permit per externalReference in the ' +
          'facility (a second create answers 409 naming it); send an Idempotency-Key so a retried call answers the ' +
          'first answer. Example body: {"permitTypeId":1,"externalReference":"SAP-4711","title":"Replace pump seal",' +
          '"description":"","workMethod":"","areaId":null,"assetIds":[],"plannedStart":"2026-12-01T08:00:00Z",' +
          '"plannedEnd":"2026-12-01T16:00:00Z","holderId":null,"riskLevel":"medium"}',
        body: workOrderPermitCreateSchema,
        response: { 200: connectPermitSchema, ...errors },
      },
    },
    async (request, reply) => {
      const created = await sendCommand(ctx.events, request, reply, createPermit, {
        targetId: request.body.permitTypeId,
        input: request.body,
      });
      return readPermit(request, created.ID);
    },
  );

  app.get(
    '/connect/permits',
    {
      config: { rateLimit },
      schema: {
        tags,
        security,
        summary:
          'Permits of the facility whose type the caller may view, newest first: ?status=issued,active ' +
          '?externalReference=SAP-4711 ?limit=50 ?before=<id of the last one of the previous page>',
        querystring: connectPermitQuerySchema,
        response: { 200: connectPermitListSchema, ...errors },
      },
    },
    async (request) => {
      const { connection, actor } = contextOf(request);
      const permits = await listConnectPermits(connection.db, actor.facilityId, {
        typeCodes: await viewableTypes(request),
        status: request.query.status,
        externalReference: request.query.externalReference,
        limit: request.query.limit ?? 50,
        before: request.query.before,
      });
      return { permits };
    },
  );

  app.get(
    '/connect/permits/:id',
    {
      config: { rateLimit },
      schema: {
        tags,
        security,
        summary:
          'A permit with its isolation state (permit:view:<CODE>): isLive says the work may start (the permit is Active)',
        params: idParamsSchema,
        response: { 200: connectPermitSchema, ...errors },
      },
    },
    async (request) => readPermit(request, request.params.id),
  );
};
