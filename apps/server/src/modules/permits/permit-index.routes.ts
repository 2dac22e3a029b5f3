import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import * as z from 'zod/mini';
import {
  apiErrorSchema,
  defaultPermitIndexColumns,
  permitExportQuerySchema,
  permitIndexColumns,
  permitIndexColumnsSchema,
  permitIndexPageSchema,
  permitIndexQuerySchema,
  permitExportFileName,
  type PermitIndexColumn,
} from '@hasp/contracts';
import type { AppContext } from '../../app-context';
import { contextOf } from '../../platform';
import { captionTextsForUsers } from '../translations';
import { permissionsOf } from '../../plugins/permissions';
import { exportCaptions, exportContentTypes, exportWords, exportWriter, type ExportFormat } from './permit-export';
import {
  findIndexPage,
  findSavedColumns,
  saveColumns,
  streamIndexRows,
  typeIdsByPermission,
  type IndexScope,
} from './permit-index.repository';

const tags = ['permits'];
const security = [{ bearer: [] }];
const errors = { 400: apiErrorSchema, 401: apiErrorSchema, 403: apiErrorSchema };

/** Who asks and which types they may view or approve: the index's scope (the dashboard's widgets share it). */
export async function indexScopeOf(request: FastifyRequest): Promise<IndexScope> {
  const { connection, actor, now } = contextOf(request);
  const types = await typeIdsByPermission(connection.db, actor.facilityId, await permissionsOf(request));
  return {
    facilityId: actor.facilityId,
    userId: actor.userId,
    viewTypeIds: types.view,
    approveTypeIds: types.approve,
    issueTypeIds: types.issue,
    viewsAllTypes: types.all,
    now,
  };
}

async function columnsOf(request: FastifyRequest): Promise<PermitIndexColumn[]> {
  const { connection, actor } = contextOf(request);
  const saved = (await findSavedColumns(connection.db, actor.userId))?.filter((c): c is PermitIndexColumn =>
    (permitIndexColumns as readonly string[]).includes(c),
  );
  return saved?.length ? saved : defaultPermitIndexColumns;
}

/**
 * The permit index (decision 0034): one page of the facility's permits of the types the caller may
 * view, the caller's saved columns, and the filtered set as a streamed CSV or XLSX download. No
 * permission beyond sign-in: every row is scoped by `permit:view:<CODE>` (none held: no rows).
 */
export const permitIndexRoutes: FastifyPluginAsyncZod<AppContext> = async (app) => {
  app.get(
    '/permits',
    {
      schema: {
        tags,
        security,
        summary: 'One page of the permit index: filtered, sorted (ties by ID), with the total of the filter',
        querystring: permitIndexQuerySchema,
        response: { 200: permitIndexPageSchema, ...errors },
      },
      // The page is built by toIndexRow, whose types are the schema's: checking 50 rows again with
      // zod on the way out was ~15 % of the route's CPU (decision 0042). The schema still documents
      // the answer (OpenAPI) and test/permit-index.test.ts parses answers with it.
      serializerCompiler: () => (data) => JSON.stringify(data),
    },
    async (request) => {
      const { page, pageSize, ...filter } = request.query;
      return findIndexPage(contextOf(request).connection.db, await indexScopeOf(request), filter, page, pageSize);
    },
  );

  app.get(
    '/permits/index-columns',
    {
      schema: {
        tags,
        security,
        summary: "The caller's chosen index columns, in order (the default set until they choose)",
        response: { 200: permitIndexColumnsSchema, ...errors },
      },
    },
    async (request) => ({ columns: await columnsOf(request) }),
  );

  app.put(
    '/permits/index-columns',
    {
      schema: {
        tags,
        security,
        summary: "Saves the caller's chosen index columns, in order",
        body: permitIndexColumnsSchema,
        response: { 200: permitIndexColumnsSchema, ...errors },
      },
    },
    async (request) => {
      const { connection, actor } = contextOf(request);
      await saveColumns(connection.db, actor.userId, request.body.columns);
      return { columns: request.body.columns };
    },
  );

  for (const format of ['csv', 'xlsx'] as const satisfies ExportFormat[]) {
    app.get(
      `/permits/export.${format}`,
      {
        schema: {
          tags,
          security,
          summary: `The whole filtered index as ${format.toUpperCase()}, streamed; the given columns (else the saved ones) in order; formula-like cells escaped`,
          querystring: permitExportQuerySchema,
          response: { 200: z.any().check(z.describe('The file')), ...errors },
        },
      },
      async (request, reply) => {
        const { connection, actor, now } = contextOf(request);
        const { columns: asked, ...filter } = request.query;
        const [scope, columns, facility, texts] = await Promise.all([
          indexScopeOf(request),
          asked ? Promise.resolve(asked) : columnsOf(request),
          connection.db
            .selectFrom('facilities')
            .select('name')
            .where('id', '=', actor.facilityId)
            .executeTakeFirstOrThrow(),
          // The file is worded in the reader's language, as the index on their screen is.
          captionTextsForUsers(connection.db, actor.facilityId, [actor.userId], exportCaptions),
        ]);
        const text = texts.get(actor.userId);
        const writer = exportWriter(format, columns, text && exportWords((caption) => text(caption)));
        void reply
          .header('content-type', exportContentTypes[format])
          .header('content-disposition', `attachment; filename="${permitExportFileName(facility.name, now, format)}"`)
          .header('cache-control', 'no-store')
          .send(writer.stream);
        // The rows follow the headers as the cursor yields them; a failure mid-way ends the download broken.
        streamIndexRows(connection.db, scope, filter, (rows) => writer.rows(rows))
          .then(() => writer.end())
          .catch((error: unknown) => {
            request.log.warn({ err: error }, 'permit export ended early');
            writer.stream.destroy(error instanceof Error ? error : new Error(String(error)));
          });
        return reply;
      },
    );
  }
};
