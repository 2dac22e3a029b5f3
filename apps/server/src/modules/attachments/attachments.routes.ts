import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  apiErrorSchema,
  ATTACHMENT_HARD_MAX_BYTES,
  attachmentItemParamsSchema,
  attachmentListSchema,
  attachmentMessages as say,
  attachmentParamsSchema,
  attachmentRemoveInputSchema,
  attachmentSchema,
  attachmentUploadQuerySchema,
  idParamSchema,
  permitPermission,
} from '@hasp/contracts';
import type { AppContext } from '../../app-context';
import { commandErrorResponses, contextOf, sendCommand } from '../../platform';
import { AppError } from '../../plugins/app-error';
import { assertPermission } from '../../plugins/permissions';
import { readSetting } from '../settings';
import { prepareAttachment } from './attachment-content';
import { attachFile, removeAttachment } from './attachment-command.service';
import { attachmentStorages, type AttachmentPart } from './attachment-storage';
import { attachmentListView } from './attachment-view';
import { findAttachment, findAttachmentPermit } from './attachments.repository';

const tags = ['attachments'];
const security = [{ bearer: [] }];
const errors = { ...commandErrorResponses, 413: apiErrorSchema, 415: apiErrorSchema };
const fileResponse = { 200: z.any().describe('The file'), ...errors };

/**
 * `Content-Disposition` that no name can break: an ASCII fallback with anything but letters,
 * digits, dot, dash, underscore and space replaced, and the real name percent-encoded (RFC 6266).
 */
export function contentDisposition(kind: 'attachment' | 'inline', name: string): string {
  const ascii = name.replace(/[^\w.\- ]/g, '_') || 'file';
  const encoded = encodeURIComponent(name).replace(/['()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
  return `${kind}; filename="${ascii}"; filename*=UTF-8''${encoded}`;
}

/** The facility's largest attachment, in bytes (the setting, never above the route's own limit). */
async function maxBytesOf(request: FastifyRequest): Promise<number> {
  const { connection, actor } = contextOf(request);
  const megabytes = await readSetting(connection.db, 'attachments.maxFileMegabytes', actor.facilityId);
  return Math.min(megabytes * 1024 * 1024, ATTACHMENT_HARD_MAX_BYTES);
}

/** The permit of the path, if the caller's facility has it and the caller may view its type (else 404 / 403). */
async function viewablePermit(request: FastifyRequest, permitId: number) {
  const { connection, actor } = contextOf(request);
  const permit = await findAttachmentPermit(connection.db, actor.facilityId, permitId);
  if (!permit) throw AppError.notFound('Permit');
  await assertPermission(request, permitPermission('view', permit.typeCode));
  return permit;
}

/** A permit's photos and documents (decision 0052): list, attach, download, remove. */
export const attachmentRoutes: FastifyPluginAsyncZod<AppContext> = async (app, ctx) => {
  const storages = attachmentStorages(ctx.config.attachmentsDir);
  // The file is the body, whatever type the browser names: its real type is read from the bytes.
  app.addContentTypeParser('*', { parseAs: 'buffer', bodyLimit: ATTACHMENT_HARD_MAX_BYTES }, (_r, body, done) =>
    done(null, body),
  );

  app.get(
    '/permits/:permitId/attachments',
    {
      schema: {
        tags,
        security,
        summary: "A permit's attachments, newest first, removed ones too (permit:view:<CODE>)",
        params: attachmentParamsSchema,
        response: { 200: attachmentListSchema, ...errors },
      },
    },
    async (request) => {
      const permit = await viewablePermit(request, request.params.permitId);
      const { connection, actor } = contextOf(request);
      return attachmentListView(connection.db, actor, permit, await maxBytesOf(request));
    },
  );

  const tooLarge = async (request: FastifyRequest) =>
    new AppError('PAYLOAD_TOO_LARGE', 413, say.tooLarge(Math.round((await maxBytesOf(request)) / (1024 * 1024))));

  app.post(
    '/permits/:permitId/attachments',
    {
      bodyLimit: ATTACHMENT_HARD_MAX_BYTES,
      // Before the body is read: the permit, the permission and the declared length, so a refused
      // upload costs no upload.
      onRequest: async (request: FastifyRequest) => {
        // The contract's own reading of the ID; a bad one is left to the schema's 400, after this hook.
        const permitId = idParamSchema.safeParse((request.params as { permitId?: unknown }).permitId);
        if (!permitId.success) return;
        await viewablePermit(request, permitId.data);
        const declared = Number(request.headers['content-length'] ?? 0);
        if (declared > (await maxBytesOf(request))) throw await tooLarge(request);
      },
      // A body without a declared length that runs past the route's own limit (a declared one is refused above).
      errorHandler: (error) => {
        if ((error as { code?: string }).code === 'FST_ERR_CTP_BODY_TOO_LARGE') {
          throw new AppError('PAYLOAD_TOO_LARGE', 413, say.tooLarge(ATTACHMENT_HARD_MAX_BYTES / (1024 * 1024)));
        }
        throw error;
      },
      schema: {
        tags,
        security,
        summary:
          'Attach a photo (JPEG, PNG, WebP) or a PDF: the body is the file, ?fileName= its name. The type is ' +
          'read from the bytes; images are re-encoded without metadata. Idempotency-Key makes a retry safe.',
        params: attachmentParamsSchema,
        querystring: attachmentUploadQuerySchema,
        response: { 200: attachmentSchema, ...errors },
      },
    },
    async (request, reply) => {
      const body = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
      const file = await prepareAttachment(body, request.query.fileName, await maxBytesOf(request));
      return sendCommand(ctx.events, request, reply, attachFile, {
        targetId: request.params.permitId,
        input: { file, storage: storages.current },
        expectedVersion: null,
      });
    },
  );

  const sendPart = async (
    request: FastifyRequest<{ Params: { permitId: number; attachmentId: number } }>,
    reply: FastifyReply,
    part: AttachmentPart,
  ) => {
    const { connection, actor } = contextOf(request);
    await viewablePermit(request, request.params.permitId);
    const row = await findAttachment(connection.db, actor.facilityId, request.params.attachmentId);
    if (!row || row.permit_id !== request.params.permitId) throw AppError.notFound('Attachment');
    const bytes = await storages.of(row.storage).read(connection.db, connection.name, row.id, part);
    if (!bytes) throw AppError.notFound(part === 'content' ? 'Attachment' : 'Thumbnail');
    return reply
      .header('content-type', part === 'content' ? row.content_type : 'image/jpeg')
      .header('content-disposition', part === 'content' ? contentDisposition('attachment', row.display_name) : 'inline')
      .header('x-content-type-options', 'nosniff')
      .header('content-security-policy', "default-src 'none'; sandbox")
      .header('cache-control', 'private, max-age=3600')
      .send(bytes);
  };

  app.get(
    '/permits/:permitId/attachments/:attachmentId/file',
    {
      schema: {
        tags,
        security,
        summary: 'Download an attachment (removed ones too: kept for audit) under its safe name',
        params: attachmentItemParamsSchema,
        response: fileResponse,
      },
    },
    async (request, reply) => sendPart(request, reply, 'content'),
  );

  app.get(
    '/permits/:permitId/attachments/:attachmentId/thumbnail',
    {
      schema: {
        tags,
        security,
        summary: "A photo's thumbnail (JPEG, at most 320 px); documents have none (404)",
        params: attachmentItemParamsSchema,
        response: fileResponse,
      },
    },
    async (request, reply) => sendPart(request, reply, 'thumbnail'),
  );

  app.post(
    '/permits/:permitId/attachments/:attachmentId/commands/remove',
    {
      schema: {
        tags,
        security,
        summary:
          'Remove an attachment from the list, with a reason (never deleted: the file stays downloadable). ' +
          'By the person who attached it, or whoever may approve or issue the type. If-Match: its version.',
        params: attachmentItemParamsSchema,
        body: attachmentRemoveInputSchema,
        response: { 200: attachmentSchema, ...errors },
      },
    },
    async (request, reply) =>
      sendCommand(ctx.events, request, reply, removeAttachment, {
        targetId: request.params.attachmentId,
        input: { ...request.body, permitId: request.params.permitId },
      }),
  );
};
