import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  groupInputSchema,
  groupMemberInputSchema,
  groupMemberSchema,
  groupPermissionsSchema,
  groupSummarySchema,
  permissionCatalogueSchema,
  rightNavPermission,
  idParamSchema,
} from '@hasp/contracts';
import type { AppContext } from '../../app-context';
import { contextOf, sendCommand, commandErrorResponses } from '../../platform';
import { requirePermission } from '../../plugins/permissions';
import { findFacilityPermissionCatalogue } from '../permissions';
import { AppError } from '../../plugins/app-error';
import { findGroup, listCandidates, listGroups } from './group-manage.repository';
import {
  addMember,
  createGroup,
  editGroup,
  membersOf,
  permissionsOfGroup,
  removeGroup,
  removeMember,
  setGroupPermissions,
} from './group-manage.service';

const tags = ['security'];
const security = [{ bearer: [] }];
const id = idParamSchema;
const idParams = z.object({ id });
const memberParams = z.object({ id, userId: id });
const errors = commandErrorResponses;

/** Group Manage: the facility's groups, their members and the permissions each grants. */
export const groupManageRoutes: FastifyPluginAsyncZod<AppContext> = async (app, ctx) => {
  app.addHook('preHandler', requirePermission(rightNavPermission('group-manage')));

  app.get(
    '/security/permissions',
    {
      schema: {
        tags,
        security,
        summary: "The facility's permission catalogue: right-nav and per-permit-type permissions, with descriptions",
        response: { 200: permissionCatalogueSchema, ...errors },
      },
    },
    async (request) =>
      findFacilityPermissionCatalogue(contextOf(request).connection.db, contextOf(request).actor.facilityId),
  );

  app.get(
    '/security/groups',
    {
      schema: {
        tags,
        security,
        summary: "The facility's groups with their member counts",
        response: { 200: z.array(groupSummarySchema), ...errors },
      },
    },
    async (request) => listGroups(contextOf(request).connection.db, contextOf(request).actor),
  );

  app.post(
    '/security/groups',
    {
      schema: {
        tags,
        security,
        summary: 'Create a group (no members, no permissions)',
        body: groupInputSchema,
        response: { 200: groupSummarySchema, ...errors },
      },
    },
    async (request, reply) =>
      sendCommand(ctx.events, request, reply, createGroup, {
        targetId: contextOf(request).actor.facilityId,
        input: request.body,
      }),
  );

  app.put(
    '/security/groups/:id',
    {
      schema: {
        tags,
        security,
        summary: 'Rename a group or change its description',
        params: idParams,
        body: groupInputSchema,
        response: { 200: groupSummarySchema, ...errors },
      },
    },
    async (request, reply) =>
      sendCommand(ctx.events, request, reply, editGroup, { targetId: request.params.id, input: request.body }),
  );

  app.delete(
    '/security/groups/:id',
    {
      schema: {
        tags,
        security,
        summary: 'Delete a group that has no members',
        params: idParams,
        response: { 200: z.object({ deleted: z.literal(true) }), ...errors },
      },
    },
    async (request, reply) => {
      await sendCommand(ctx.events, request, reply, removeGroup, { targetId: request.params.id, input: null });
      return { deleted: true as const };
    },
  );

  app.get(
    '/security/groups/:id/members',
    {
      schema: {
        tags,
        security,
        summary: "The group's members",
        params: idParams,
        response: { 200: z.array(groupMemberSchema), ...errors },
      },
    },
    async (request) => membersOf(contextOf(request).connection.db, contextOf(request).actor, request.params.id),
  );

  app.get(
    '/security/groups/:id/candidates',
    {
      schema: {
        tags,
        security,
        summary: 'Active users of the facility who are not members yet (who can be added)',
        params: idParams,
        response: { 200: z.array(groupMemberSchema), ...errors },
      },
    },
    async (request) => {
      const auth = contextOf(request);
      if (!(await findGroup(auth.connection.db, auth.actor.facilityId, request.params.id)))
        throw AppError.notFound('Group');
      return listCandidates(auth.connection.db, auth.actor.facilityId, request.params.id);
    },
  );

  app.post(
    '/security/groups/:id/members',
    {
      schema: {
        tags,
        security,
        summary: 'Add a user of the facility to the group (never yourself); answers the members',
        params: idParams,
        body: groupMemberInputSchema,
        response: { 200: z.array(groupMemberSchema), ...errors },
      },
    },
    async (request, reply) =>
      sendCommand(ctx.events, request, reply, addMember, {
        targetId: request.params.id,
        input: { userId: request.body.userId },
      }),
  );

  app.delete(
    '/security/groups/:id/members/:userId',
    {
      schema: {
        tags,
        security,
        summary: 'Remove a member from the group (never yourself); answers the members',
        params: memberParams,
        response: { 200: z.array(groupMemberSchema), ...errors },
      },
    },
    async (request, reply) =>
      sendCommand(ctx.events, request, reply, removeMember, {
        targetId: request.params.id,
        input: { userId: request.params.userId },
      }),
  );

  app.get(
    '/security/groups/:id/permissions',
    {
      schema: {
        tags,
        security,
        summary: 'The permissions the group grants',
        params: idParams,
        response: { 200: groupPermissionsSchema, ...errors },
      },
    },
    async (request) =>
      permissionsOfGroup(contextOf(request).connection.db, contextOf(request).actor, request.params.id),
  );

  app.put(
    '/security/groups/:id/permissions',
    {
      schema: {
        tags,
        security,
        summary: "Replace the group's permissions (not for a group you belong to; only permissions you hold)",
        params: idParams,
        body: groupPermissionsSchema,
        response: { 200: groupPermissionsSchema, ...errors },
      },
    },
    async (request, reply) =>
      sendCommand(ctx.events, request, reply, setGroupPermissions, {
        targetId: request.params.id,
        input: { permissions: request.body.permissions },
      }),
  );
};
