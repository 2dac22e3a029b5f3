import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  isolationPlanCommandRoutes,
  isolationPlanParamsSchema,
  isolationPlanSchema,
  isolationPlanVerbLabels,
  isolationPointChoicesSchema,
  permitPermission,
  planEditVerbs,
  type IsolationPlanVerb,
} from '@hasp/contracts';
import type { AppContext } from '../../app-context';
import { commandErrorResponses, contextOf, registerCommandRoutes } from '../../platform';
import { AppError } from '../../plugins/app-error';
import { assertPermission, permissionsOf } from '../../plugins/permissions';
import { isolationPlanCommands, planView } from './isolation-plan-command.service';
import { assetIsolationPoints, findPlanPermit } from './isolation-plan.repository';

const tags = ['isolation-plan'];
const security = [{ bearer: [] }];

const verbOf = (name: string) => name.slice('isolation-plan.'.length) as IsolationPlanVerb;
const whoMay = (verb: IsolationPlanVerb) =>
  planEditVerbs.includes(verb) ? 'permit:create:<CODE> or permit:issue:<CODE>' : 'permit:issue:<CODE>';

/** A permit's isolation plan: the view, the points of its assets, and one route per verb. */
export const isolationPlanRoutes: FastifyPluginAsyncZod<AppContext> = async (app, ctx) => {
  const readablePermit = async (request: Parameters<typeof contextOf>[0], permitId: number) => {
    const { connection, actor } = contextOf(request);
    const permit = await findPlanPermit(connection.db, actor.facilityId, permitId);
    if (!permit) throw AppError.notFound('Permit');
    await assertPermission(request, permitPermission('view', permit.typeCode));
    if (!permit.sections.includes('isolation-plan'))
      throw new AppError('NOT_FOUND', 404, 'This type of permit has no isolation plan.');
    return permit;
  };

  app.get(
    '/permits/:permitId/isolation-plan',
    {
      schema: {
        tags,
        security,
        summary:
          "A permit's isolation plan (permit:view:<CODE>): the (d) and (e) steps with who and when, each point with its state, open locks, tags and the other permits holding it",
        params: isolationPlanParamsSchema,
        response: { 200: isolationPlanSchema, ...commandErrorResponses },
      },
    },
    async (request, reply) => {
      const permit = await readablePermit(request, request.params.permitId);
      const plan = await planView(contextOf(request).connection.db, permit, await permissionsOf(request));
      void reply.header('etag', `"${plan.version}"`);
      return plan;
    },
  );

  app.get(
    '/permits/:permitId/isolation-plan/asset-points',
    {
      schema: {
        tags,
        security,
        summary:
          "The active isolation points of the permit's assets (permit:view:<CODE>), in asset, component and code order: what Fill adds",
        params: isolationPlanParamsSchema,
        response: { 200: isolationPointChoicesSchema, ...commandErrorResponses },
      },
    },
    async (request) => {
      const permit = await readablePermit(request, request.params.permitId);
      return assetIsolationPoints(contextOf(request).connection.db, permit.facilityId, permit.id);
    },
  );

  registerCommandRoutes(app, ctx.events, isolationPlanCommandRoutes, {
    tags,
    definitionOf: (route) => isolationPlanCommands[verbOf(route.name)],
    summary: (route) =>
      `${isolationPlanVerbLabels[verbOf(route.name)]} (${whoMay(verbOf(route.name))}; the plan's rules decide the order). If-Match: the plan's version; Idempotency-Key makes a retry safe`,
    response: () => ({ 200: isolationPlanSchema, ...commandErrorResponses }),
  });
};
