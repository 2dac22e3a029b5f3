import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  abandonedRemovalCandidatesSchema,
  abandonedRemovalInputSchema,
  abandonedRemovalPermission,
  abandonedRemovalPermitParamsSchema,
  abandonedRemovalSchema,
  abandonedRemovalsSchema,
  idParamsSchema,
} from '@hasp/contracts';
import type { AppContext } from '../../app-context';
import { commandErrorResponses, contextOf, sendCommand } from '../../platform';
import { AppError } from '../../plugins/app-error';
import { requirePermission } from '../../plugins/permissions';
import { acknowledgeAbandonedRemoval } from './acknowledge-abandoned-removal';
import { listUnacknowledgedRemovals } from './abandoned-removal.repository';
import { listRemovalCandidates } from './list-removal-candidates';
import { recordAbandonedRemoval } from './remove-abandoned-lock';

const tags = ['abandoned-removals'];
const security = [{ bearer: [] }];

/**
 * OSHA 1910.147 (e)(3): the supervisor's wizard (what it may remove on a permit, and its one
 * command) and the applier's side (their unacknowledged removals, and the acknowledgement).
 */
export const abandonedRemovalRoutes: FastifyPluginAsyncZod<AppContext> = async (app, ctx) => {
  app.get(
    '/permits/:permitId/abandoned-removals/candidates',
    {
      preHandler: requirePermission(abandonedRemovalPermission),
      schema: {
        tags,
        security,
        summary:
          "The permit's locks and tags still on that someone else applied: what an (e)(3) removal may take off (loto:remove-abandoned)",
        params: abandonedRemovalPermitParamsSchema,
        response: { 200: abandonedRemovalCandidatesSchema, ...commandErrorResponses },
      },
    },
    async (request) => {
      const { connection, actor } = contextOf(request);
      const candidates = await listRemovalCandidates(connection.db, actor, request.params.permitId);
      if (!candidates) throw AppError.notFound('Permit');
      return candidates;
    },
  );

  app.post(
    '/permits/:permitId/abandoned-removals',
    {
      schema: {
        tags,
        security,
        summary:
          "Remove another person's lock and/or tag under OSHA 1910.147 (e)(3) (loto:remove-abandoned): they are not on site, " +
          'the attempts to reach them, the reason. Notifies them; their next sign-in asks them to acknowledge. Idempotency-Key makes a retry safe',
        params: abandonedRemovalPermitParamsSchema,
        body: abandonedRemovalInputSchema,
        response: { 200: abandonedRemovalSchema, ...commandErrorResponses },
      },
    },
    async (request, reply) =>
      sendCommand(ctx.events, request, reply, recordAbandonedRemoval, {
        targetId: request.params.permitId,
        input: request.body,
      }),
  );

  app.get(
    '/me/abandoned-removals',
    {
      schema: {
        tags,
        security,
        summary:
          'Your locks and tags removed under (e)(3) in this facility that you have not acknowledged yet, oldest first',
        response: { 200: abandonedRemovalsSchema, ...commandErrorResponses },
      },
    },
    async (request) => {
      const { connection, actor } = contextOf(request);
      return listUnacknowledgedRemovals(connection.db, actor.facilityId, actor.userId);
    },
  );

  app.post(
    '/me/abandoned-removals/:id/acknowledge',
    {
      schema: {
        tags,
        security,
        summary: 'Acknowledge that your lock or tag was removed under (e)(3) (only you, once; audited)',
        params: idParamsSchema,
        response: { 200: abandonedRemovalSchema, ...commandErrorResponses },
      },
    },
    async (request, reply) =>
      sendCommand(ctx.events, request, reply, acknowledgeAbandonedRemoval, {
        targetId: request.params.id,
        input: {},
      }),
  );
};
