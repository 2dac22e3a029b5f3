import { z } from 'zod';
import {
  assetInputSchema,
  assetMoveSchema,
  assetPageSchema,
  assetPhotoSchema,
  assetSchema,
  ASSET_PHOTO_MAX_BYTES,
  isolationHoldsSchema,
} from '@hasp/contracts';
import { contextOf } from '../../platform';
import { getIsolationHolds } from './asset-isolation-holds.service';
import { requireVersion } from './asset-records';
import { createAsset, editAsset, moveAsset } from './asset-tree.service';
import { addAssetPhoto, getAssetPage, readPhoto, retireAssetPhoto } from './asset-detail.service';
import { errors, idParams, photoQuery, security, tags, type AssetApp, type AssetRouteKit } from './asset-route-kit';

/** An asset's page: the asset itself, its isolation holds and photos. */
export function assetPageRoutes(app: AssetApp, { assetsManage, db, photoBody, send, facility }: AssetRouteKit): void {
  app.post(
    '/assets',
    {
      ...assetsManage,
      schema: {
        tags,
        security,
        summary: 'Create an asset',
        body: assetInputSchema,
        response: { 200: assetSchema, ...errors },
      },
    },
    async (request, reply) => send(request, reply, createAsset, facility(request), request.body),
  );
  app.get(
    '/assets/:id',
    {
      schema: {
        tags,
        security,
        summary: 'The asset page: asset, path, components with energy sources and isolation points, photos',
        params: idParams,
        response: { 200: assetPageSchema, ...errors },
      },
    },
    async (request) => getAssetPage(db(request), contextOf(request).actor.facilityId, request.params.id),
  );
  app.get(
    '/assets/:id/isolation-holds',
    {
      schema: {
        tags,
        security,
        summary:
          'Which permits\' isolation plans hold each of the asset\'s isolation points right now ("held by permits X, Y"); points nobody holds are left out',
        params: idParams,
        response: { 200: isolationHoldsSchema, ...errors },
      },
    },
    async (request) => getIsolationHolds(db(request), contextOf(request).actor.facilityId, request.params.id),
  );
  app.put(
    '/assets/:id',
    {
      ...assetsManage,
      schema: {
        tags,
        security,
        summary: 'Edit an asset, including its status (retire instead of delete)',
        params: idParams,
        body: assetInputSchema,
        response: { 200: assetSchema, ...errors },
      },
    },
    async (request, reply) =>
      send(request, reply, editAsset, request.params.id, request.body, requireVersion(request.body.version)),
  );
  app.post(
    '/assets/:id/move',
    {
      ...assetsManage,
      schema: {
        tags,
        security,
        summary: 'Move an asset into an area or under another asset (refused under its own sub-assets)',
        params: idParams,
        body: assetMoveSchema,
        response: { 200: assetSchema, ...errors },
      },
    },
    async (request, reply) => send(request, reply, moveAsset, request.params.id, request.body, request.body.version),
  );
  app.post(
    '/assets/:id/photos',
    {
      ...assetsManage,
      bodyLimit: ASSET_PHOTO_MAX_BYTES + 1024,
      schema: {
        tags,
        security,
        summary: 'Add a photo (body: the PNG or JPEG bytes, at most 5 MB)',
        params: idParams,
        querystring: photoQuery,
        response: { 200: assetPhotoSchema, ...errors },
      },
    },
    async (request, reply) =>
      send(request, reply, addAssetPhoto, request.params.id, {
        bytes: photoBody(request.body),
        fileName: request.query.fileName,
      }),
  );
  app.delete(
    '/assets/photos/:id',
    {
      ...assetsManage,
      schema: {
        tags,
        security,
        summary: "Remove an asset's photo from its page (kept, hidden)",
        params: idParams,
        response: { 204: z.null(), ...errors },
      },
    },
    async (request, reply) => {
      await send(request, reply, retireAssetPhoto, request.params.id, null);
      return reply.code(204).send(null);
    },
  );
  app.get(
    '/assets/photos/:id',
    {
      schema: {
        tags,
        security,
        summary: 'A photo (PNG or JPEG bytes)',
        params: idParams,
        response: { 200: z.any().describe('The image, in its own content type'), ...errors },
      },
    },
    async (request, reply) => {
      const photo = await readPhoto(db(request), contextOf(request).actor.facilityId, request.params.id);
      return reply
        .header('content-type', photo.content_type)
        .header('cache-control', 'private, max-age=86400')
        .header('x-content-type-options', 'nosniff')
        .send(photo.data);
    },
  );
}
