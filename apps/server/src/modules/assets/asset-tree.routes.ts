import { z } from 'zod';
import {
  areaInputSchema,
  areaMoveSchema,
  areaSchema,
  assetSearchQuerySchema,
  assetSearchResponseSchema,
  masterListItemSchema,
  masterListKeys,
  treeChildrenPageSchema,
  treeChildrenQuerySchema,
} from '@hasp/contracts';
import { AppError } from '../../plugins/app-error';
import { contextOf } from '../../platform';
import { listTreeChildren, searchWithPaths } from './asset-tree.repository';
import { requireVersion } from './asset-records';
import { createArea, editArea, getArea, moveArea } from './asset-tree.service';
import { listMasterItems } from './asset-detail.service';
import { errors, idParams, security, tags, type AssetApp, type AssetRouteKit } from './asset-route-kit';

/** The tree, its search, the master-list pickers, areas and assets' place in the tree. */
export function assetTreeRoutes(app: AssetApp, { assetsManage, db, send, facility }: AssetRouteKit): void {
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
}
