import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { apiErrorSchema, rightNavPermission, tagReportLinksInputSchema, tagReportLinksSchema } from '@hasp/contracts';
import type { AppContext } from '../../app-context';
import { commandErrorResponses, contextOf, sendCommand } from '../../platform';
import { requirePermission } from '../../plugins/permissions';
import { listTagReportLinks, saveTagReportLinks } from './tag-report-links.service';

const tags = ['print'];
const security = [{ bearer: [] }];
const errors = { 400: apiErrorSchema, 401: apiErrorSchema, 403: apiErrorSchema };

/** Tag Report Manage: the print layout and report of each tag type and permit type of the signed-in facility. */
export const tagReportLinkRoutes: FastifyPluginAsyncZod<AppContext> = async (app, ctx) => {
  app.addHook('preHandler', requirePermission(rightNavPermission('tag-report-manage')));

  app.get(
    '/tag-report-links',
    {
      schema: {
        tags,
        security,
        summary: 'Each tag type and permit type of the facility with its print layout and report',
        response: { 200: tagReportLinksSchema, ...errors },
      },
    },
    async (request) => listTagReportLinks(contextOf(request).connection.db, contextOf(request).actor.facilityId),
  );

  app.put(
    '/tag-report-links',
    {
      schema: {
        tags,
        security,
        summary: 'Link the listed subjects to a layout and a report (both null unlinks; others keep theirs)',
        body: tagReportLinksInputSchema,
        response: { 200: tagReportLinksSchema, ...commandErrorResponses },
      },
    },
    async (request, reply) =>
      sendCommand(ctx.events, request, reply, saveTagReportLinks, {
        targetId: contextOf(request).actor.facilityId,
        input: request.body,
      }),
  );
};
