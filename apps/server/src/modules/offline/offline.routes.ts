import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  apiErrorSchema,
  OFFLINE_PAGE_DEFAULT,
  offlineDownloadQuerySchema,
  offlineDownloadSchema,
  type OfflineDownload,
  permitPermission,
} from '@hasp/contracts';
import type { AppContext } from '../../app-context';
import { contextOf } from '../../platform';
import { AppError } from '../../plugins/app-error';
import { assertPermission, permissionsOf } from '../../plugins/permissions';
import { downloadOfflinePermits } from './offline-download.service';
import { findPermitType } from './offline-permits.repository';

/** Taking permits offline (decision 0056): one offline-enabled type's permits for this device. */
export const offlineRoutes: FastifyPluginAsyncZod<AppContext> = async (app) => {
  app.get(
    '/offline/permits',
    {
      schema: {
        tags: ['offline'],
        security: [{ bearer: [] }],
        summary:
          "A page (after, limit: 100 by default, at most 1000) of the caller's permits of an offline-enabled type (scope: mine, or under-way — also every permit whose work is under way, the default) (permit:view:<CODE>) with each section as its GET route answers it, the versions their commands are checked against, and the reference data the permit page needs offline; with since (the cursor of the device's last complete download), only the permits that changed since, and the IDs of every permit to keep",
        querystring: offlineDownloadQuerySchema,
        response: {
          200: offlineDownloadSchema,
          400: apiErrorSchema,
          401: apiErrorSchema,
          403: apiErrorSchema,
          404: apiErrorSchema,
        },
      },
      // The answer is text assembled from stored copies (decision 0082), sent as it is: checking it
      // again with zod on the way out would cost more than building it (decision 0065). The schema
      // still documents the answer (OpenAPI); the device checks each page it stores, and the server
      // tests compare it with the section routes.
    },
    async (request, reply) => {
      const { connection, actor, now } = contextOf(request);
      const type = await findPermitType(connection.db, actor.facilityId, request.query.type);
      if (!type) throw AppError.notFound('Permit type');
      await assertPermission(request, permitPermission('view', type.code));
      if (!type.offlineEnabled) {
        const message = `${type.name} permits cannot be used offline in this facility.`;
        throw AppError.validation([{ field: 'type', message }]);
      }
      const viewer = { actor, permissions: await permissionsOf(request), now };
      const page = {
        after: request.query.after ?? 0,
        limit: request.query.limit ?? OFFLINE_PAGE_DEFAULT,
        ...(request.query.scope ? { scope: request.query.scope } : {}),
        ...(request.query.since ? { since: request.query.since } : {}),
        ...(request.query.cursor ? { cursor: request.query.cursor } : {}),
      };
      // Assembled as text from the permits' stored copies (decision 0082): sent as it is.
      const text = await downloadOfflinePermits(connection.db, viewer, type, page, (error) =>
        request.log.warn({ err: error }, 'Offline download: recording the page (its copies or cursor) failed'),
      );
      // As bytes: Fastify counts a string's bytes for its length (a scan of a megabyte) before writing it.
      return reply.type('application/json; charset=utf-8').send(Buffer.from(text) as unknown as OfflineDownload);
    },
  );
};
