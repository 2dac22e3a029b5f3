import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import * as z from 'zod/mini';
import { idParamsSchema, permitPermission } from '@hasp/contracts';
import type { AppContext } from '../../app-context';
import { commandErrorResponses, contextOf } from '../../platform';
import { AppError } from '../../plugins/app-error';
import { assertPermission, permissionsOf } from '../../plugins/permissions';
import { contentDisposition } from '../attachments';
import { findPermit } from '../permits';
import { permitPdfFor } from './permit-pdf.service';

/** The job-site copy of a permit (decision 0072). */
export const permitPdfRoutes: FastifyPluginAsyncZod<AppContext> = async (app) => {
  app.get(
    '/permits/:id/pdf',
    {
      schema: {
        tags: ['permits'],
        security: [{ bearer: [] }],
        summary:
          "A permit's job-site copy as PDF (permit:view:<CODE>): header, people, validity, work, isolation list with locks and tags, " +
          'crew, hazard analysis, gas tests, questions and signatures, times in the facility time zone with their UTC offset, ' +
          "and a QR code to the permit's page",
        params: idParamsSchema,
        response: { 200: z.any().check(z.describe('The PDF file')), ...commandErrorResponses },
      },
    },
    async (request, reply) => {
      const { connection, actor, now } = contextOf(request);
      const permit = await findPermit(connection.db, actor.facilityId, request.params.id);
      if (!permit) throw AppError.notFound('Permit');
      await assertPermission(request, permitPermission('view', permit.permitType.code));
      const viewer = { actor, permissions: await permissionsOf(request), now };
      // The origin the browser used (X-Forwarded-* only from trusted proxies): the QR code leads back here.
      const found = await permitPdfFor(connection.db, viewer, permit.ID, `${request.protocol}://${request.host}`);
      if (!found) throw AppError.notFound('Permit');
      return reply
        .header('content-type', 'application/pdf')
        .header('content-disposition', contentDisposition('attachment', `${found.number}.pdf`))
        .header('cache-control', 'no-store')
        .send(found.pdf);
    },
  );
};
