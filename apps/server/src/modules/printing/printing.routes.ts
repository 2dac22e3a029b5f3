import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  apiErrorSchema,
  markPrintedInputSchema,
  markPrintedResultSchema,
  printListQuerySchema,
  printListSchema,
  printPdfInputSchema,
  PRINT_LIST_LIMIT,
  reprintInputSchema,
  reprintResultSchema,
  rightNavPermission,
  tagLayoutInputSchema,
  tagLayoutListSchema,
  tagLayoutParamsSchema,
  tagLayoutSchema,
} from '@hasp/contracts';
import type { AppContext } from '../../app-context';
import { commandErrorResponses, contextOf, sendCommand } from '../../platform';
import { permissionsOf, requirePermission } from '../../plugins/permissions';
import { reprintTagCommand } from '../tags';
import {
  listPrintItems,
  markItemsPrinted,
  printItemsPdf,
  reprintCommandFor,
  tagReprintCount,
} from './print-items.service';
import { LOCK_LABEL_PERMISSION } from './lock-label-prints.service';
import { previewPdf, viewableTypeCodes } from './print-list.service';
import { checkTagLayoutInput, listTagLayouts, saveTagLayout } from './tag-layouts.service';

const tags = ['print'];
const security = [{ bearer: [] }];
const errors = { 400: apiErrorSchema, 401: apiErrorSchema, 403: apiErrorSchema, 404: apiErrorSchema };

/** Where the QR codes point: this server as the browser reached it (the tag's `/t/<token>` page is its). */
const originOf = (request: FastifyRequest) => `${request.protocol}://${request.host}`;

/** A PDF as a download nobody caches or sniffs (tags, labels, lock labels). */
export function sendPdf(reply: FastifyReply, pdf: NodeJS.ReadableStream | Buffer, fileName: string) {
  return reply
    .header('content-type', 'application/pdf')
    .header('content-disposition', `attachment; filename="${fileName}"`)
    .header('x-content-type-options', 'nosniff')
    .header('cache-control', 'no-store')
    .send(pdf);
}

/** Print Settings: the facility's tag layouts and their live preview (rightnav:print-settings). */
export const printSettingsRoutes: FastifyPluginAsyncZod<AppContext> = async (app, ctx) => {
  app.addHook('preHandler', requirePermission(rightNavPermission('print-settings')));

  app.get(
    '/print-settings/tag-layouts',
    {
      schema: {
        tags,
        security,
        summary: "The facility's tag layouts (each styled, or in the default style) and whether it has a logo",
        response: { 200: tagLayoutListSchema, ...errors },
      },
    },
    async (request) => listTagLayouts(contextOf(request).connection.db, contextOf(request).actor.facilityId),
  );

  app.put(
    '/print-settings/tag-layouts/:layoutKey',
    {
      schema: {
        tags,
        security,
        summary: "Save a tag layout's style (audited). If-Match: the version loaded (0 for one never saved).",
        params: tagLayoutParamsSchema,
        body: tagLayoutInputSchema,
        response: { 200: tagLayoutSchema, ...commandErrorResponses },
      },
    },
    async (request, reply) =>
      sendCommand(ctx.events, request, reply, saveTagLayout, {
        targetId: contextOf(request).actor.facilityId,
        input: { ...request.body, key: request.params.layoutKey },
      }),
  );

  app.post(
    '/print-settings/tag-layouts/:layoutKey/preview',
    {
      schema: {
        tags,
        security,
        summary: 'A sample tag on the draft layout in the body (not saved), as a PDF',
        params: tagLayoutParamsSchema,
        body: tagLayoutInputSchema,
        response: errors,
      },
    },
    async (request, reply) => {
      const { connection, actor, now } = contextOf(request);
      const layout = await checkTagLayoutInput(connection.db, actor.facilityId, request.body);
      const user = await connection.db
        .selectFrom('users')
        .select('display_name')
        .where('id', '=', actor.userId)
        .executeTakeFirst();
      const pdf = await previewPdf(connection.db, actor.facilityId, {
        layout,
        key: request.params.layoutKey,
        applier: user?.display_name ?? '',
        origin: originOf(request),
        now,
      });
      return sendPdf(reply, pdf, `tag-preview-${request.params.layoutKey}.pdf`);
    },
  );
};

/** Print List: the queue, its PDF, mark printed and reprint (rightnav:print-list, and each permit's type). */
export const printListRoutes: FastifyPluginAsyncZod<AppContext> = async (app, ctx) => {
  app.addHook('preHandler', requirePermission(rightNavPermission('print-list')));

  app.get(
    '/print-list',
    {
      schema: {
        tags,
        security,
        summary:
          `The print queue (waiting or printed): items of permits whose types the caller may view, and lock labels ` +
          `for whoever manages locks (not under a permit or area filter); at most ${PRINT_LIST_LIMIT}`,
        querystring: printListQuerySchema,
        response: { 200: printListSchema, ...errors },
      },
    },
    async (request) => {
      const { connection, actor } = contextOf(request);
      const permissions = await permissionsOf(request);
      const items = await listPrintItems(connection.db, actor.facilityId, {
        ...request.query,
        typeCodes: viewableTypeCodes(permissions),
        managesLocks: permissions.has(LOCK_LABEL_PERMISSION),
      });
      return { items: items.slice(0, PRINT_LIST_LIMIT), truncated: items.length > PRINT_LIST_LIMIT };
    },
  );

  app.post(
    '/print-list/pdf',
    {
      schema: {
        tags,
        security,
        summary:
          "The chosen items of one kind as one PDF: tags a page each at their layout's size, permits' job-site copies, " +
          "4 × 3 in lockbox labels, Lock Manage's 2.5 × 1.25 in lock labels (rightnav:lock-manage); printing does " +
          "not mark them. With the print list's stamps, items changed since the list showed them are refused " +
          '(409 naming them)',
        body: printPdfInputSchema,
        response: { ...errors, 409: apiErrorSchema },
      },
    },
    async (request, reply) => {
      const context = contextOf(request);
      const permissions = await permissionsOf(request);
      const { kind, ids, stamps } = request.body;
      const pdf = await printItemsPdf(
        { ctx: context, permissions, typeCodes: viewableTypeCodes(permissions), origin: originOf(request) },
        kind,
        ids,
        stamps,
      );
      return sendPdf(reply, pdf, `${kind}s-${context.now.toISOString().slice(0, 10)}.pdf`);
    },
  );

  app.post(
    '/print-list/mark-printed',
    {
      schema: {
        tags,
        security,
        summary:
          'Mark the items printed, each by its own command (tag.mark-printed, permit-print.mark-printed, ' +
          'lockbox-label.mark-printed, lock-label.mark-printed); the refused ones are listed with why. stamps (required): the stamp each ' +
          "item's PDF was drawn from; an item that prints otherwise now is refused, so the record is what is on paper",
        body: markPrintedInputSchema,
        response: { 200: markPrintedResultSchema, ...errors },
      },
    },
    async (request) =>
      markItemsPrinted(ctx.events, contextOf(request), request.body.kind, request.body.ids, request.body.stamps),
  );

  app.post(
    '/print-list/reprint',
    {
      schema: {
        tags,
        security,
        summary:
          'Record that a printed item is printed again, with the reason (audited tag.reprint, permit-print.reprint, ' +
          'lockbox-label.reprint, lock-label.reprint); then ask for its PDF',
        body: reprintInputSchema,
        response: { 200: reprintResultSchema, ...commandErrorResponses },
      },
    },
    async (request, reply) => {
      const reprint = await reprintCommandFor(contextOf(request), request.body);
      if (reprint.kind === 'tag') {
        const tag = await sendCommand(ctx.events, request, reply, reprintTagCommand, reprint);
        const { connection, actor } = contextOf(request);
        return {
          kind: 'tag' as const,
          ID: tag.ID,
          version: tag.version,
          reprintCount: await tagReprintCount(connection.db, actor.facilityId, tag.ID),
        };
      }
      return sendCommand(ctx.events, request, reply, reprint.command, reprint);
    },
  );
};
