import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  apiErrorSchema,
  numberingOverviewSchema,
  numberingPreviewQuerySchema,
  numberingPreviewSchema,
  numberingSaveInputSchema,
  prefixesQuerySchema,
  prefixesResponseSchema,
  rightNavPermission,
} from '@hasp/contracts';
import type { AppContext } from '../../app-context';
import { AppError } from '../../plugins/app-error';
import { commandErrorResponses, contextOf, sendCommand } from '../../platform';
import { requirePermission } from '../../plugins/permissions';
import { findFacilitySettings } from '../settings';
import { previewNumber } from './allocate-number';
import { getNumberingOverview, saveNumbering } from './numbering.service';

const tags = ['numbering'];
const security = [{ bearer: [] }];
const errors = { 400: apiErrorSchema, 401: apiErrorSchema, 403: apiErrorSchema, 404: apiErrorSchema };
const managePermission = requirePermission(rightNavPermission('prefix-manage'));

/** Prefix Manage (numbering patterns), the next-number preview and the background worker's prefixes. */
export const numberingRoutes: FastifyPluginAsyncZod<AppContext> = async (app, ctx) => {
  app.get(
    '/numbering',
    {
      preHandler: managePermission,
      schema: {
        tags,
        security,
        summary: 'Numbering patterns of the facility: each permit type, tags and lockboxes, with the next number',
        response: { 200: numberingOverviewSchema, ...errors },
      },
    },
    async (request) =>
      getNumberingOverview(
        contextOf(request).connection.db,
        contextOf(request).actor.facilityId,
        contextOf(request).now,
      ),
  );

  app.put(
    '/numbering',
    {
      preHandler: managePermission,
      schema: {
        tags,
        security,
        summary: 'Save the facility code and the listed patterns (checked, audited; others keep theirs)',
        body: numberingSaveInputSchema,
        response: { 200: numberingOverviewSchema, ...commandErrorResponses },
      },
    },
    async (request, reply) =>
      sendCommand(ctx.events, request, reply, saveNumbering, {
        targetId: contextOf(request).actor.facilityId,
        input: request.body,
      }),
  );

  app.get(
    '/numbering/preview',
    {
      schema: {
        tags,
        security,
        summary: 'The next number of a permit type, tags or lockboxes, without using it',
        querystring: numberingPreviewQuerySchema,
        response: { 200: numberingPreviewSchema, ...errors },
      },
    },
    async (request) => {
      const auth = contextOf(request);
      const next = await previewNumber(auth.connection.db, auth.actor.facilityId, request.query.subject, {
        now: auth.now,
      });
      return { subject: request.query.subject, ...next };
    },
  );

  app.get(
    '/numbering/prefixes',
    {
      schema: {
        tags,
        security,
        summary:
          "The facility's permit type prefixes keyed by permit type code (the background worker's call); the connection and facility must be the token's",
        querystring: prefixesQuerySchema,
        response: { 200: prefixesResponseSchema, ...errors },
      },
    },
    async (request) => {
      const auth = contextOf(request);
      if (
        request.query.connectionStringName !== auth.connection.name ||
        request.query.facilityId !== auth.actor.facilityId
      ) {
        throw new AppError('FORBIDDEN', 403, 'This sign-in is for another connection or facility');
      }
      const { prefixes } = await findFacilitySettings(auth.connection.db, auth.actor.facilityId);
      return { prefixes };
    },
  );
};
