import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  apiErrorSchema,
  managedMasterListItemSchema,
  masterListActiveInputSchema,
  masterListCaptionInputSchema,
  masterListItemCreateSchema,
  masterListKeys,
  masterListReorderSchema,
  masterListTypeSchema,
  rightNavPermission,
  idParamSchema,
} from '@hasp/contracts';
import type { AppContext } from '../../app-context';
import { commandErrorResponses, contextOf, sendCommand } from '../../platform';
import { requirePermission } from '../../plugins/permissions';
import { listTypes } from './master-list.repository';
import { createItem, deleteItem, listItems, renameCaption, reorderItems, setActive } from './master-list.service';

const tags = ['master-lists'];
const security = [{ bearer: [] }];
const listParams = z.object({ listKey: z.enum(masterListKeys) });
const itemParams = listParams.extend({ id: idParamSchema });
const errors = {
  400: apiErrorSchema,
  401: apiErrorSchema,
  403: apiErrorSchema,
  404: apiErrorSchema,
  409: apiErrorSchema,
};

/**
 * Master List Manage: the facility's lists and their items (pickers read the active ones through
 * GET /api/assets/master-lists/:listKey). Every change is audited.
 */
export const masterListRoutes: FastifyPluginAsyncZod<AppContext> = async (app, ctx) => {
  app.addHook('preHandler', requirePermission(rightNavPermission('masterlist-manage')));

  app.get(
    '/master-lists',
    {
      schema: {
        tags,
        security,
        summary: 'Every master list of the facility with its item counts',
        response: { 200: z.array(masterListTypeSchema), ...errors },
      },
    },
    async (request) => listTypes(contextOf(request).connection.db, contextOf(request).actor.facilityId),
  );

  app.get(
    '/master-lists/:listKey/items',
    {
      schema: {
        tags,
        security,
        summary: "A list's items in order, active and inactive, each with how many records use it",
        params: listParams,
        response: { 200: z.array(managedMasterListItemSchema), ...errors },
      },
    },
    async (request) =>
      listItems(contextOf(request).connection.db, contextOf(request).actor.facilityId, request.params.listKey),
  );

  app.post(
    '/master-lists/:listKey/items',
    {
      schema: {
        tags,
        security,
        summary: 'Add an item at the end of a list (its value unique in the list, ignoring case)',
        params: listParams,
        body: masterListItemCreateSchema,
        response: { 201: managedMasterListItemSchema, ...commandErrorResponses },
      },
    },
    async (request, reply) => {
      const item = await sendCommand(ctx.events, request, reply, createItem, {
        targetId: contextOf(request).actor.facilityId,
        input: { ...request.body, listKey: request.params.listKey },
      });
      return reply.code(201).send(item);
    },
  );

  app.put(
    '/master-lists/:listKey/items/:id/caption',
    {
      schema: {
        tags,
        security,
        summary: "Change an item's caption (its default text; translations are edited on Translations)",
        params: itemParams,
        body: masterListCaptionInputSchema,
        response: { 200: managedMasterListItemSchema, ...commandErrorResponses },
      },
    },
    async (request, reply) => {
      const { listKey, id } = request.params;
      return sendCommand(ctx.events, request, reply, renameCaption, {
        targetId: id,
        input: { listKey, caption: request.body.caption },
        expectedVersion: request.body.version,
      });
    },
  );

  app.put(
    '/master-lists/:listKey/items/:id/active',
    {
      schema: {
        tags,
        security,
        summary: 'Deactivate an item (pickers stop offering it; records keep it) or reactivate it',
        params: itemParams,
        body: masterListActiveInputSchema,
        response: { 200: managedMasterListItemSchema, ...commandErrorResponses },
      },
    },
    async (request, reply) => {
      const { listKey, id } = request.params;
      return sendCommand(ctx.events, request, reply, setActive, {
        targetId: id,
        input: { listKey, isActive: request.body.isActive },
        expectedVersion: request.body.version,
      });
    },
  );

  app.delete(
    '/master-lists/:listKey/items/:id',
    {
      schema: {
        tags,
        security,
        summary: 'Delete an item no record uses (one in use answers 409: deactivate it instead)',
        params: itemParams,
        response: { 204: z.null(), ...commandErrorResponses },
      },
    },
    async (request, reply) => {
      const { listKey, id } = request.params;
      await sendCommand(ctx.events, request, reply, deleteItem, { targetId: id, input: { listKey } });
      return reply.code(204).send(null);
    },
  );

  app.put(
    '/master-lists/:listKey/order',
    {
      schema: {
        tags,
        security,
        summary: "Reorder a list: every item's ID, each once, first to last",
        params: listParams,
        body: masterListReorderSchema,
        response: { 200: z.array(managedMasterListItemSchema), ...commandErrorResponses },
      },
    },
    async (request, reply) =>
      sendCommand(ctx.events, request, reply, reorderItems, {
        targetId: contextOf(request).actor.facilityId,
        input: { listKey: request.params.listKey, itemIds: request.body.itemIds },
      }),
  );
};
