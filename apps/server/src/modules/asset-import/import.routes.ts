import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  apiErrorSchema,
  IMPORT_MAX_BYTES,
  importFileSchema,
  importHistoryPageSchema,
  importHistoryQuerySchema,
  importTemplateKinds,
  importTemplateQuerySchema,
  importUploadQuerySchema,
  rightNavPermission,
  idParamsSchema,
} from '@hasp/contracts';
import type { AppContext } from '../../app-context';
import { AppError } from '../../plugins/app-error';
import { commandErrorResponses, contextOf, sendCommand } from '../../platform';
import { requirePermission } from '../../plugins/permissions';
import {
  buildIssueReport,
  buildTemplate,
  commitImport,
  commitImportFile,
  getImport,
  listImports,
  readImportOriginal,
  uploadImport,
  uploadImportFile,
  validateStoredImport,
} from './import.service';

const tags = ['asset-imports'];
const security = [{ bearer: [] }];
const idParams = idParamsSchema;
const errors = {
  400: apiErrorSchema,
  401: apiErrorSchema,
  403: apiErrorSchema,
  404: apiErrorSchema,
  409: apiErrorSchema,
  413: apiErrorSchema,
  415: apiErrorSchema,
};
const fileResponse = { 200: z.any().describe('The file'), ...errors };
const contentTypes = {
  csv: 'text/csv; charset=utf-8',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
};
const attachment = (name: string) => `attachment; filename="${name.replace(/[^\w.\- ]/g, '_')}"`;

/** Import Manage: upload, validate and commit CSV/XLSX files of areas, assets, components, energy and isolation. */
export const assetImportRoutes: FastifyPluginAsyncZod<AppContext> = async (app, ctx) => {
  app.addHook('preHandler', requirePermission(rightNavPermission('import-manage')));
  // The file is the body, whatever type the browser gives it; its real type is checked from the content.
  app.addContentTypeParser('*', { parseAs: 'buffer', bodyLimit: IMPORT_MAX_BYTES }, (_r, body, done) =>
    done(null, body),
  );

  app.post(
    '/asset-imports',
    {
      bodyLimit: IMPORT_MAX_BYTES,
      // The body limit's own error says nothing useful; say what the limit is.
      errorHandler: (error, _request, _reply) => {
        if ((error as { code?: string }).code === 'FST_ERR_CTP_BODY_TOO_LARGE') {
          throw new AppError('PAYLOAD_TOO_LARGE', 413, 'The file is larger than 20 MB; split it into smaller files');
        }
        throw error;
      },
      schema: {
        tags,
        security,
        summary:
          'Upload an import file (body: the file; CSV needs ?kind=); stores it with a preview, writes nothing else',
        querystring: importUploadQuerySchema,
        response: { 200: importFileSchema, ...errors, ...commandErrorResponses },
      },
    },
    async (request, reply) => {
      const auth = contextOf(request);
      const body = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
      return uploadImport(
        auth.connection.db,
        auth.actor.facilityId,
        body,
        request.query.fileName,
        request.query.kind,
        (input) =>
          sendCommand(ctx.events, request, reply, uploadImportFile, { targetId: auth.actor.facilityId, input }),
      );
    },
  );

  app.get(
    '/asset-imports',
    {
      schema: {
        tags,
        security,
        summary: 'History of import files, newest first',
        querystring: importHistoryQuerySchema,
        response: { 200: importHistoryPageSchema, ...errors },
      },
    },
    async (request) =>
      listImports(
        contextOf(request).connection.db,
        contextOf(request).actor.facilityId,
        request.query.page,
        request.query.pageSize,
      ),
  );

  app.get(
    '/asset-imports/templates/:kind',
    {
      schema: {
        tags,
        security,
        summary: 'A template to fill in: CSV per kind, or XLSX (kind "workbook": every sheet)',
        params: z.object({ kind: z.enum(importTemplateKinds) }),
        querystring: importTemplateQuerySchema,
        response: fileResponse,
      },
    },
    async (request, reply) => {
      const { kind } = request.params;
      const { format } = request.query;
      const file = await buildTemplate(kind, format);
      return reply
        .header('content-type', contentTypes[format])
        .header('content-disposition', attachment(`hasp-${kind}-template.${format}`))
        .send(file);
    },
  );

  app.get(
    '/asset-imports/:id',
    {
      schema: {
        tags,
        security,
        summary: 'An import file: preview, counts and its last validation report',
        params: idParams,
        response: { 200: importFileSchema, ...errors },
      },
    },
    async (request) =>
      getImport(contextOf(request).connection.db, contextOf(request).actor.facilityId, request.params.id),
  );

  app.get(
    '/asset-imports/:id/file',
    {
      schema: {
        tags,
        security,
        summary: 'Download the original file as uploaded',
        params: idParams,
        response: fileResponse,
      },
    },
    async (request, reply) => {
      const file = await readImportOriginal(
        contextOf(request).connection.db,
        contextOf(request).actor.facilityId,
        request.params.id,
      );
      return reply
        .header('content-type', contentTypes[file.format])
        .header('content-disposition', attachment(file.file_name))
        .header('x-content-type-options', 'nosniff')
        .send(file.content);
    },
  );

  app.get(
    '/asset-imports/:id/report',
    {
      schema: {
        tags,
        security,
        summary: 'Download the last validation report (sheet, row, column, value, message) as CSV or XLSX',
        params: idParams,
        querystring: importTemplateQuerySchema,
        response: fileResponse,
      },
    },
    async (request, reply) => {
      const { file, fileName } = await buildIssueReport(
        contextOf(request).connection.db,
        contextOf(request).actor.facilityId,
        request.params.id,
        request.query.format,
      );
      return reply
        .header('content-type', contentTypes[request.query.format])
        .header('content-disposition', attachment(fileName))
        .send(file);
    },
  );

  app.post(
    '/asset-imports/:id/validate',
    {
      schema: {
        tags,
        security,
        summary: 'Check every row (row, column, value, message); writes no asset data',
        params: idParams,
        response: { 200: importFileSchema, ...errors },
      },
    },
    async (request) =>
      validateStoredImport(contextOf(request).connection.db, contextOf(request).actor, request.params.id),
  );

  app.post(
    '/asset-imports/:id/commit',
    {
      schema: {
        tags,
        security,
        summary: 'Import the file in one transaction (all or nothing); 400 with the report stored when a row is wrong',
        params: idParams,
        response: { 200: importFileSchema, ...errors, ...commandErrorResponses },
      },
    },
    async (request, reply) => {
      const { connection, actor } = contextOf(request);
      const id = request.params.id;
      return commitImport(connection.db, actor.facilityId, id, () =>
        sendCommand(ctx.events, request, reply, commitImportFile, { targetId: id, input: null }),
      );
    },
  );
};
