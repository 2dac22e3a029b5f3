import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  apiErrorSchema,
  managedUserSchema,
  oneTimePasswordSchema,
  rightNavPermission,
  userInputSchema,
  userListQuerySchema,
  userListSchema,
  userManageOptionsSchema,
  idParamsSchema,
} from '@hasp/contracts';
import type { AppContext } from '../../app-context';
import { AppError } from '../../plugins/app-error';
import { commandErrorResponses, contextOf, sendCommand } from '../../platform';
import { requirePermission } from '../../plugins/permissions';
import { findManagedUser, listManagedUsers, listOptions } from './user-manage.repository';
import {
  createUser,
  deactivateUser,
  editUser,
  issueOneTimePassword,
  reactivateUser,
  resetPassword,
  unlockUser,
} from './user-manage.service';

const tags = ['user-manage'];
const security = [{ bearer: [] }];
const idParams = idParamsSchema;
const errors = {
  400: apiErrorSchema,
  401: apiErrorSchema,
  403: apiErrorSchema,
  404: apiErrorSchema,
  409: apiErrorSchema,
};

/** Security › User Manage: the facility's users. There is no delete: users are deactivated. */
export const userManageRoutes: FastifyPluginAsyncZod<AppContext> = async (app, ctx) => {
  app.addHook('preHandler', requirePermission(rightNavPermission('user-manage')));

  app.get(
    '/security/users',
    {
      schema: {
        tags,
        security,
        summary: 'Users who may sign in to the facility: search (user name, name, e-mail), status, group, pages',
        querystring: userListQuerySchema,
        response: { 200: userListSchema, ...errors },
      },
    },
    async (request) => {
      const auth = contextOf(request);
      const query = request.query;
      const list = await listManagedUsers(auth.connection.db, auth.actor, query);
      return { ...list, page: query.page, pageSize: query.pageSize };
    },
  );

  app.get(
    '/security/users/options',
    {
      schema: {
        tags,
        security,
        summary: "The facility's groups and the connection's facilities, for the user form",
        response: { 200: userManageOptionsSchema, ...errors },
      },
    },
    async (request) => {
      const auth = contextOf(request);
      return listOptions(auth.connection.db, auth.actor);
    },
  );

  app.get(
    '/security/users/:id',
    {
      schema: {
        tags,
        security,
        summary: 'A user of the facility',
        params: idParams,
        response: { 200: managedUserSchema, ...errors },
      },
    },
    async (request) => {
      const auth = contextOf(request);
      const user = await findManagedUser(auth.connection.db, auth.actor, request.params.id);
      if (!user) throw AppError.notFound('User');
      return user;
    },
  );

  app.post(
    '/security/users',
    {
      schema: {
        tags,
        security,
        summary: 'Create a user (no password yet: reset it to hand over a one-time password)',
        body: userInputSchema,
        response: { 200: managedUserSchema, ...commandErrorResponses },
      },
    },
    async (request, reply) =>
      sendCommand(ctx.events, request, reply, createUser, {
        targetId: contextOf(request).actor.facilityId,
        input: request.body,
      }),
  );

  app.put(
    '/security/users/:id',
    {
      schema: {
        tags,
        security,
        summary: 'Edit a user, their groups in this facility and the facilities they may sign in to',
        params: idParams,
        body: userInputSchema,
        response: { 200: managedUserSchema, ...commandErrorResponses },
      },
    },
    async (request, reply) =>
      sendCommand(ctx.events, request, reply, editUser, { targetId: request.params.id, input: request.body }),
  );

  for (const action of ['deactivate', 'reactivate'] as const) {
    app.post(
      `/security/users/:id/${action}`,
      {
        schema: {
          tags,
          security,
          summary:
            action === 'deactivate'
              ? 'Deactivate a user: they cannot sign in and their sessions end at once'
              : 'Reactivate a user',
          params: idParams,
          response: { 200: managedUserSchema, ...commandErrorResponses },
        },
      },
      async (request, reply) =>
        sendCommand(ctx.events, request, reply, action === 'reactivate' ? reactivateUser : deactivateUser, {
          targetId: request.params.id,
          input: null,
        }),
    );
  }

  app.post(
    '/security/users/:id/reset-password',
    {
      config: { rateLimit: { max: 30, timeWindow: 60_000 } },
      schema: {
        tags,
        security,
        summary: 'Give the user a one-time password (shown once) that they must change at their next sign-in',
        params: idParams,
        response: { 200: oneTimePasswordSchema, ...commandErrorResponses },
      },
    },
    async (request, reply) => {
      const { oneTimePassword, input } = await issueOneTimePassword(contextOf(request).connection.db);
      await sendCommand(ctx.events, request, reply, resetPassword, { targetId: request.params.id, input });
      // The password is in the answer: no cache may keep it.
      void reply.header('cache-control', 'no-store');
      // A replay did not make this password (it was never stored, and the first send's was shown only
      // in the answer that was lost): say so rather than hand over one that does not sign in.
      if (reply.getHeader('idempotent-replayed') === 'true') {
        throw new AppError(
          'CONFLICT',
          409,
          'This password was already reset by this request; its one-time password was shown only then. Reset the password again to get a new one.',
        );
      }
      return { oneTimePassword };
    },
  );

  app.post(
    '/security/users/:id/unlock',
    {
      schema: {
        tags,
        security,
        summary: 'Unlock an account locked after too many failed sign-ins',
        params: idParams,
        response: { 200: managedUserSchema, ...commandErrorResponses },
      },
    },
    async (request, reply) =>
      sendCommand(ctx.events, request, reply, unlockUser, { targetId: request.params.id, input: null }),
  );
};
