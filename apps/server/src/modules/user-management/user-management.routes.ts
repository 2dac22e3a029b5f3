import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  USER_IMPORT_CSV_MAX,
  apiErrorSchema,
  bulkUserActionSchema,
  bulkUserResultSchema,
  rightNavPermission,
  userImportColumns,
  userImportRequestSchema,
  userImportResultSchema,
  userOverviewQuerySchema,
  userOverviewSchema,
} from '@hasp/contracts';
import type { AppContext } from '../../app-context';
import { AppError } from '../../plugins/app-error';
import { commandErrorResponses, contextOf, sendCommand } from '../../platform';
import { requirePermission } from '../../plugins/permissions';
import { bulkUserAction } from './bulk-actions';
import { csvCell } from '../spreadsheet';
import { importUsers, previewUserImport } from './user-import';
import { userOverview } from './user-overview';

const tags = ['user-management'];
const security = [{ bearer: [] }];
const errors = { 400: apiErrorSchema, 401: apiErrorSchema, 403: apiErrorSchema, 404: apiErrorSchema };
const templateRows = [
  [...userImportColumns],
  ['jordan.lee', 'Jordan Lee', 'jordan.lee@example.com', 'Authorized Workers', '', 'false'],
];

/** Admin › NEW User Management: users × facilities × groups, bulk actions and the CSV import. */
export const userManagementRoutes: FastifyPluginAsyncZod<AppContext> = async (app, ctx) => {
  app.addHook('preHandler', requirePermission(rightNavPermission('user-management')));

  app.get(
    '/admin/user-management',
    {
      schema: {
        tags,
        security,
        summary:
          'Users who may sign in to the facility (active by default) with their facilities and their groups in this facility',
        querystring: userOverviewQuerySchema,
        response: { 200: userOverviewSchema, ...errors },
      },
    },
    async (request) => userOverview(contextOf(request).connection.db, contextOf(request).actor, request.query),
  );

  app.post(
    '/admin/user-management/bulk',
    {
      schema: {
        tags,
        security,
        summary: 'Add or remove a group for many users, or deactivate many: all or nothing, each change audited',
        body: bulkUserActionSchema,
        response: { 200: bulkUserResultSchema, ...commandErrorResponses },
      },
    },
    async (request, reply) =>
      sendCommand(ctx.events, request, reply, bulkUserAction, {
        targetId: contextOf(request).actor.facilityId,
        input: request.body,
      }),
  );

  app.post(
    '/admin/user-management/import',
    {
      // JSON escaping can make a 1 MB file's body larger; the file itself is checked below.
      bodyLimit: 3 * USER_IMPORT_CSV_MAX,
      schema: {
        tags,
        security,
        summary:
          'Import users from CSV: every row is checked first (a row-by-row report, nothing written when any is bad); dryRun previews',
        body: userImportRequestSchema,
        response: { 200: userImportResultSchema, ...commandErrorResponses, 413: apiErrorSchema },
      },
    },
    async (request, reply) => {
      if (Buffer.byteLength(request.body.csv, 'utf8') > USER_IMPORT_CSV_MAX) {
        throw new AppError('PAYLOAD_TOO_LARGE', 413, 'The file is larger than 1 MB');
      }
      const { actor, connection } = contextOf(request);
      // A dry run only reads: it is answered without a command (no key used, no lock taken).
      if (request.body.dryRun) return previewUserImport(connection.db, actor, request.body.csv);
      return sendCommand(ctx.events, request, reply, importUsers, {
        targetId: actor.facilityId,
        input: { csv: request.body.csv },
      });
    },
  );

  app.get(
    '/admin/user-management/import-template',
    {
      schema: {
        tags,
        security,
        summary: 'A CSV template for the import: the header row and one example row',
        response: { 200: z.string(), ...errors },
      },
    },
    async (_request, reply) => {
      void reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', 'attachment; filename="users-template.csv"');
      return templateRows.map((r) => r.map(csvCell).join(',')).join('\r\n') + '\r\n';
    },
  );
};
