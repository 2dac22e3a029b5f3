import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { apiErrorSchema, rightNavPermission, idParamsSchema } from '@hasp/contracts';
import type { AppContext } from '../../app-context';
import { AppError } from '../../plugins/app-error';
import { contextOf, sendCommand, type CommandDefinition, commandErrorResponses } from '../../platform';
import { requirePermission } from '../../plugins/permissions';
import type { RecordState } from './asset-records.policy';
import { photoType } from './asset-detail.service';

// What the asset routes share: their OpenAPI tags and error answers, the permission of each screen,
// and the sender of asset commands (asset.routes.ts composes the three route files with it).

export const tags = ['assets'];
export const security = [{ bearer: [] }];
export const idParams = idParamsSchema;
export const photoQuery = z.object({ fileName: z.string().trim().max(255).default('') });
export const errors = { ...commandErrorResponses, 413: apiErrorSchema, 415: apiErrorSchema };

/** The asset routes' helpers for one app context. */
export function assetRouteKit(ctx: AppContext) {
  const assetsManage = { preHandler: requirePermission(rightNavPermission('asset-manage')) };
  const componentsManage = { preHandler: requirePermission(rightNavPermission('component-manage')) };
  const db = (request: Parameters<typeof contextOf>[0]) => contextOf(request).connection.db;
  const photoBody = (body: unknown): Buffer => {
    if (!Buffer.isBuffer(body))
      throw new AppError('UNSUPPORTED_MEDIA_TYPE', 415, 'Send the photo as image/png or image/jpeg');
    photoType(body);
    return body;
  };
  /**
   * Sends an asset command. The contract carries the version in the body: an edit must give it
   * (400 without), a move has it by schema; creations and photos check none (no If-Match either).
   */
  const send = <I, R>(
    request: FastifyRequest,
    reply: FastifyReply,
    command: CommandDefinition<I, RecordState, R>,
    targetId: number,
    input: I,
    expectedVersion: number | null = null,
  ) => sendCommand(ctx.events, request, reply, command, { targetId, input, expectedVersion });
  const facility = (request: FastifyRequest) => contextOf(request).actor.facilityId;
  return { assetsManage, componentsManage, db, photoBody, send, facility };
}

export type AssetRouteKit = ReturnType<typeof assetRouteKit>;

/** The app the asset routes are added to (the plugin's, with zod's type provider). */
export type AssetApp = Parameters<FastifyPluginAsyncZod<AppContext>>[0];
