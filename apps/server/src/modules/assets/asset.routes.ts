import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  apiErrorSchema,
  areaInputSchema,
  areaMoveSchema,
  areaSchema,
  assetInputSchema,
  assetMoveSchema,
  assetPageSchema,
  assetPhotoSchema,
  assetSchema,
  assetSearchQuerySchema,
  assetSearchResponseSchema,
  ASSET_PHOTO_MAX_BYTES,
  componentInputSchema,
  componentSchema,
  energySourceInputSchema,
  energySourceSchema,
  isolationPointInputSchema,
  isolationPointSchema,
  masterListItemSchema,
  masterListKeys,
  rightNavPermission,
  treeChildrenPageSchema,
  treeChildrenQuerySchema,
  idParamsSchema,
  isolationHoldsSchema,
} from '@hasp/contracts';
import type { AppContext } from '../../app-context';
import { AppError } from '../../plugins/app-error';
import { contextOf, sendCommand, type CommandDefinition, commandErrorResponses } from '../../platform';
import { requirePermission } from '../../plugins/permissions';
import { getIsolationHolds } from './asset-isolation-holds.service';
import { listTreeChildren, searchWithPaths } from './asset-tree.repository';
import { requireVersion } from './asset-records';
import type { RecordState } from './asset-records.policy';
import { createArea, createAsset, editArea, editAsset, getArea, moveArea, moveAsset } from './asset-tree.service';
import {
  addAssetPhoto,
  photoType,
  createComponent,
  createEnergySource,
  createIsolationPoint,
  editComponent,
  editEnergySource,
  editIsolationPoint,
  getAssetPage,
  listMasterItems,
  readPhoto,
  retireAssetPhoto,
  setIsolationPointPhoto,
} from './asset-detail.service';

const tags = ['assets'];
const security = [{ bearer: [] }];
const idParams = idParamsSchema;
const photoQuery = z.object({ fileName: z.string().trim().max(255).default('') });
const errors = { ...commandErrorResponses, 413: apiErrorSchema, 415: apiErrorSchema };

/** Asset Manage and Component Manage: the tree, asset pages, components and their energy and isolation. */
export const assetRoutes: FastifyPluginAsyncZod<AppContext> = async (app, ctx) => {
  // Photos arrive as their raw bytes; the type is checked from the content, not from this header.
  app.addContentTypeParser(
    ['image/png', 'image/jpeg', 'application/octet-stream'],
    { parseAs: 'buffer' },
    (_r, body, done) => done(null, body),
  );
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

  app.get(
    '/assets/master-lists/:listKey',
    {
      schema: {
        tags,
        security,
        summary: "A master list's active values, for pickers (energy types, device types)",
        params: z.object({ listKey: z.enum(masterListKeys) }),
        response: { 200: z.array(masterListItemSchema), ...errors },
      },
    },
    async (request) => listMasterItems(db(request), contextOf(request).actor.facilityId, request.params.listKey),
  );

  app.get(
    '/assets/tree',
    {
      schema: {
        tags,
        security,
        summary: "One page of a tree node's children (no parent: the top areas)",
        querystring: treeChildrenQuerySchema,
        response: { 200: treeChildrenPageSchema, ...errors },
      },
    },
    async (request) => {
      const { parentKind, parentId, limit, cursor } = request.query;
      if ((parentKind === undefined) !== (parentId === undefined)) {
        throw AppError.validation([{ field: 'parentId', message: 'Give both parentKind and parentId, or neither' }]);
      }
      const parent = parentKind && parentId ? { kind: parentKind, id: parentId } : null;
      return listTreeChildren(db(request), contextOf(request).actor.facilityId, parent, limit, cursor);
    },
  );

  app.get(
    '/assets/search',
    {
      schema: {
        tags,
        security,
        summary: 'Areas and assets by number (prefix) or name (contains), each with its path',
        querystring: assetSearchQuerySchema,
        response: { 200: assetSearchResponseSchema, ...errors },
      },
    },
    async (request) => {
      // One statement: the matches, their child counts and their paths.
      return searchWithPaths(db(request), contextOf(request).actor.facilityId, request.query.q, request.query.limit);
    },
  );

  app.post(
    '/assets/areas',
    {
      ...assetsManage,
      schema: {
        tags,
        security,
        summary: 'Create an area',
        body: areaInputSchema,
        response: { 200: areaSchema, ...errors },
      },
    },
    async (request, reply) => send(request, reply, createArea, facility(request), request.body),
  );
  app.get(
    '/assets/areas/:id',
    {
      schema: {
        tags,
        security,
        summary: 'An area with its path',
        params: idParams,
        response: { 200: areaSchema, ...errors },
      },
    },
    async (request) => getArea(db(request), contextOf(request).actor.facilityId, request.params.id),
  );
  app.put(
    '/assets/areas/:id',
    {
      ...assetsManage,
      schema: {
        tags,
        security,
        summary: 'Edit an area (409 when the version is stale)',
        params: idParams,
        body: areaInputSchema,
        response: { 200: areaSchema, ...errors },
      },
    },
    async (request, reply) =>
      send(request, reply, editArea, request.params.id, request.body, requireVersion(request.body.version)),
  );
  app.post(
    '/assets/areas/:id/move',
    {
      ...assetsManage,
      schema: {
        tags,
        security,
        summary: 'Move an area under another area or to the top (refused into its own sub-areas)',
        params: idParams,
        body: areaMoveSchema,
        response: { 200: areaSchema, ...errors },
      },
    },
    async (request, reply) => send(request, reply, moveArea, request.params.id, request.body, request.body.version),
  );

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

  app.post(
    '/assets/:id/components',
    {
      ...componentsManage,
      schema: {
        tags,
        security,
        summary: 'Add a component to an asset',
        params: idParams,
        body: componentInputSchema,
        response: { 200: componentSchema, ...errors },
      },
    },
    async (request, reply) => send(request, reply, createComponent, request.params.id, request.body),
  );
  app.put(
    '/assets/components/:id',
    {
      ...componentsManage,
      schema: {
        tags,
        security,
        summary: 'Edit or retire a component',
        params: idParams,
        body: componentInputSchema,
        response: { 200: componentSchema, ...errors },
      },
    },
    async (request, reply) =>
      send(request, reply, editComponent, request.params.id, request.body, requireVersion(request.body.version)),
  );
  app.post(
    '/assets/components/:id/energy-sources',
    {
      ...componentsManage,
      schema: {
        tags,
        security,
        summary: 'Add an energy source to a component',
        params: idParams,
        body: energySourceInputSchema,
        response: { 200: energySourceSchema, ...errors },
      },
    },
    async (request, reply) => send(request, reply, createEnergySource, request.params.id, request.body),
  );
  app.put(
    '/assets/energy-sources/:id',
    {
      ...componentsManage,
      schema: {
        tags,
        security,
        summary: 'Edit or retire an energy source',
        params: idParams,
        body: energySourceInputSchema,
        response: { 200: energySourceSchema, ...errors },
      },
    },
    async (request, reply) =>
      send(request, reply, editEnergySource, request.params.id, request.body, requireVersion(request.body.version)),
  );
  app.post(
    '/assets/components/:id/isolation-points',
    {
      ...componentsManage,
      schema: {
        tags,
        security,
        summary: 'Add an isolation point to a component (tag-only needs the extra protective measure)',
        params: idParams,
        body: isolationPointInputSchema,
        response: { 200: isolationPointSchema, ...errors },
      },
    },
    async (request, reply) => send(request, reply, createIsolationPoint, request.params.id, request.body),
  );
  app.put(
    '/assets/isolation-points/:id',
    {
      ...componentsManage,
      schema: {
        tags,
        security,
        summary: 'Edit or retire an isolation point',
        params: idParams,
        body: isolationPointInputSchema,
        response: { 200: isolationPointSchema, ...errors },
      },
    },
    async (request, reply) =>
      send(request, reply, editIsolationPoint, request.params.id, request.body, requireVersion(request.body.version)),
  );
  app.put(
    '/assets/isolation-points/:id/photo',
    {
      ...componentsManage,
      bodyLimit: ASSET_PHOTO_MAX_BYTES + 1024,
      schema: {
        tags,
        security,
        summary: "Replace an isolation point's photo (body: PNG or JPEG bytes, at most 5 MB)",
        params: idParams,
        querystring: photoQuery,
        response: { 200: isolationPointSchema, ...errors },
      },
    },
    async (request, reply) =>
      send(request, reply, setIsolationPointPhoto, request.params.id, {
        bytes: photoBody(request.body),
        fileName: request.query.fileName,
      }),
  );
};
