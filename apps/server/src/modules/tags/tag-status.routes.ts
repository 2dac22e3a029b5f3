import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  apiErrorSchema,
  permitStatusLabels,
  publicTagStatusSchema,
  TAG_LINK_GONE_MESSAGE,
  tagStateLabels,
  tagTokenParamsSchema,
  type PermitStatus,
  type PublicTagStatus,
} from '@hasp/contracts';
import type { AppContext } from '../../app-context';
import { AppError } from '../../plugins/app-error';
import { findTagStatus } from './tag-status.repository';

/** A facility with no tag legends still shows the danger a tag stands for (the paper's default too). */
const DEFAULT_TAG_LEGEND = 'DANGER — DO NOT OPERATE';

/**
 * The public tag status page's data (the QR code on a tag): no sign-in, rate-limited per address.
 * Only what the page shows leaves the server; a revoked and an unknown token answer the same 404.
 * A token is unique across connections in practice (128 random bits), so each connection is asked.
 */
export const tagStatusRoutes: FastifyPluginAsyncZod<AppContext> = async (app, ctx) => {
  app.get(
    '/public/tags/:token',
    {
      schema: {
        tags: ['tags'],
        summary:
          "A tag's live status for its QR address (no sign-in; rate-limited): number, state, point, permit number and status, applier (their department or crew and contact), times",
        params: tagTokenParamsSchema,
        response: { 200: publicTagStatusSchema, 404: apiErrorSchema, 429: apiErrorSchema },
      },
      config: { rateLimit: { max: ctx.config.tagStatusMaxPerAddressPerMinute, timeWindow: 60_000 } },
      // No "incoming request" / "request completed" lines at the default info level: the path holds
      // the tag's public address (kept out of the audit trail too, decision 0039), and two log lines
      // per scan of a constantly polled page are most of a log. Warnings and errors still go out.
      logLevel: 'warn',
      // Scanned constantly (each open page asks every 3 s): the handler builds the answer field by
      // field, so the zod check on the way out is skipped (as /api/health does; see bench/).
      serializerCompiler: () => (data) => JSON.stringify(data),
    },
    async (request, reply): Promise<PublicTagStatus> => {
      const connections = ctx.registry.all();
      const found =
        connections.length === 1
          ? await findTagStatus(connections[0]!.db, request.params.token)
          : (await Promise.all(connections.map((c) => findTagStatus(c.db, request.params.token)))).find(Boolean);
      if (!found) throw new AppError('NOT_FOUND', 404, TAG_LINK_GONE_MESSAGE);
      // Scanned on the floor: always the live state, never a cached one.
      void reply.header('cache-control', 'no-store');
      return {
        legend: found.legend ?? DEFAULT_TAG_LEGEND,
        facilityName: found.facilityName,
        timeZone: found.timeZone,
        number: found.number,
        stateLabel: tagStateLabels[found.state],
        pointCode: found.pointCode,
        pointLocation: found.pointLocation,
        permitNumber: found.permitNumber,
        permitStatusLabel: permitStatusLabels[found.permitStatus as PermitStatus] ?? found.permitStatus,
        appliedByName: found.appliedByName,
        appliedByDepartment: found.appliedByDepartment,
        appliedByContact: found.appliedByContact,
        appliedAt: found.appliedAt?.toISOString() ?? null,
        plannedEnd: found.plannedEnd.toISOString(),
        lastChangedAt: found.lastChangedAt.toISOString(),
      };
    },
  );
};
