import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  apiErrorSchema,
  permitPermission,
  permitSections,
  permitTypeInfoParamsSchema,
  permitTypeInfoSchema,
} from '@hasp/contracts';
import type { AppContext } from '../../app-context';
import { contextOf } from '../../platform';
import { AppError } from '../../plugins/app-error';
import { assertPermission } from '../../plugins/permissions';

/**
 * The permit page's view of a type: the create form needs the type's id and maximum
 * validity, which the admin-only permit-types configuration would not give a requester. A file of
 * its own so the lifecycle branch's edits of permits.routes.ts merge cleanly.
 */
export const permitTypeInfoRoutes: FastifyPluginAsyncZod<AppContext> = async (app, ctx) => {
  app.get(
    '/permits/types/:code',
    {
      onRequest: ctx.requireAuth,
      schema: {
        tags: ['permits'],
        security: [{ bearer: [] }],
        summary: 'An active permit type of the facility by code, for the create page (permit:create:<CODE>)',
        params: permitTypeInfoParamsSchema,
        response: { 200: permitTypeInfoSchema, 401: apiErrorSchema, 403: apiErrorSchema, 404: apiErrorSchema },
      },
    },
    async (request) => {
      const { connection, actor } = contextOf(request);
      const row = await connection.db
        .selectFrom('permit_types')
        .select(['id', 'code', 'name', 'icon', 'color', 'max_validity_hours', 'max_extensions', 'sections'])
        .where('facility_id', '=', actor.facilityId)
        .where('code', '=', request.params.code)
        .where('is_active', '=', true)
        .executeTakeFirst();
      if (!row) throw AppError.notFound('Permit type');
      await assertPermission(request, permitPermission('create', row.code));
      return {
        ID: row.id,
        code: row.code,
        name: row.name,
        icon: row.icon,
        color: row.color,
        maxValidityHours: row.max_validity_hours,
        maxExtensions: row.max_extensions,
        sections: permitSections.filter((section) => row.sections.includes(section)),
      };
    },
  );
};
