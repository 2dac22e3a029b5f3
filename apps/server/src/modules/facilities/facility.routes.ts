import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { apiErrorSchema, idParamSchema, facilityRecordsQuerySchema, facilitySchema } from '@hasp/contracts';
import type { AppContext } from '../../app-context';
import { AppError } from '../../plugins/app-error';
import { contextOf } from '../../platform';
import { findFacilityById, findFacilityLogo, listFacilities } from './facility.repository';

const secured = { security: [{ bearer: [] }] };

/** The seed's stilFacility calls (exact path shapes) and a facility read scoped to the caller. */
export const facilityRoutes: FastifyPluginAsyncZod<AppContext> = async (app, ctx) => {
  app.get(
    '/stilFacility/getRecords',
    {
      schema: {
        tags: ['facilities'],
        summary: "A connection's facilities, for the login screen",
        querystring: facilityRecordsQuerySchema,
        response: { 200: z.array(facilitySchema), 400: apiErrorSchema, 404: apiErrorSchema },
      },
    },
    async (request) => {
      const connection = ctx.auth.connection(request.query.connectionStringName);
      return listFacilities(connection.db, { activeOnly: request.query.activeRecord !== 'false' });
    },
  );

  app.get(
    '/stilFacility/view',
    {
      onRequest: ctx.requireAuth,
      schema: {
        tags: ['facilities'],
        summary: 'The signed-in facility',
        ...secured,
        response: { 200: facilitySchema, 401: apiErrorSchema },
      },
    },
    async (request) => {
      const auth = contextOf(request);
      const facility = await findFacilityById(auth.connection.db, auth.actor.facilityId);
      if (!facility) throw AppError.notFound('Facility');
      return facility;
    },
  );

  app.get(
    '/stilFacility/getID',
    {
      onRequest: ctx.requireAuth,
      schema: {
        tags: ['facilities'],
        summary: 'The signed-in facility ID',
        ...secured,
        response: { 200: z.object({ ID: z.number().int() }), 401: apiErrorSchema },
      },
    },
    (request) => ({ ID: contextOf(request).actor.facilityId }),
  );

  app.get(
    '/facilities/:id',
    {
      onRequest: ctx.requireAuth,
      schema: {
        tags: ['facilities'],
        summary: 'A facility; only the signed-in one is visible (any other answers 404)',
        ...secured,
        params: z.object({ id: idParamSchema }),
        response: { 200: facilitySchema, 401: apiErrorSchema, 404: apiErrorSchema },
      },
    },
    async (request) => {
      const auth = contextOf(request);
      const facility =
        request.params.id === auth.actor.facilityId
          ? await findFacilityById(auth.connection.db, request.params.id)
          : undefined;
      if (!facility) throw AppError.notFound('Facility');
      return facility;
    },
  );

  app.get(
    '/facilities/:id/logo',
    {
      onRequest: ctx.requireAuth,
      schema: {
        tags: ['facilities'],
        summary: "The facility's logo (PNG, JPEG or SVG); only the signed-in facility's (any other answers 404)",
        ...secured,
        params: z.object({ id: idParamSchema }),
        // The bytes themselves, sent as they are (a Buffer skips serialization).
        response: {
          200: z.any().describe('The image, in its own content type'),
          401: apiErrorSchema,
          404: apiErrorSchema,
        },
      },
    },
    async (request, reply) => {
      const auth = contextOf(request);
      const logo =
        request.params.id === auth.actor.facilityId
          ? await findFacilityLogo(auth.connection.db, auth.actor.facilityId)
          : undefined;
      if (!logo) throw AppError.notFound('Logo');
      // The type checked at upload, never sniffed; an SVG opened on its own can run nothing, load nothing.
      return reply
        .header('content-type', logo.type)
        .header('x-content-type-options', 'nosniff')
        .header('content-security-policy', "default-src 'none'; style-src 'unsafe-inline'; sandbox")
        .header('cache-control', 'private, no-cache')
        .send(logo.bytes);
    },
  );
};
