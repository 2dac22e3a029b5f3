import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

import {
  apiErrorSchema,
  idParamsSchema,
  offlineSupervisePermission,
  syncIssueListSchema,
  syncIssueQuerySchema,
  syncIssueSchema,
  syncPushResponseSchema,
  syncPushSchema,
  syncResolveSchema,
} from '@hasp/contracts';
import type { FastifyRequest } from 'fastify';
import type { AppContext } from '../../app-context';
import { commandErrorResponses, contextOf, sendCommand } from '../../platform';
import { AppError } from '../../plugins/app-error';
import { permissionsOf } from '../../plugins/permissions';
import { findIssue, listIssues, type IssueScope } from './sync-issues.repository';
import { pushCommands } from './sync-push.service';
import { resolveSyncIssue } from './sync-resolve.service';

const tags = ['sync'];
const security = [{ bearer: [] }];
const errors = { 400: apiErrorSchema, 401: apiErrorSchema, 403: apiErrorSchema, 404: apiErrorSchema };

/** Supervisors (offline:supervise) see the facility's issues; everyone else their own. */
async function scopeOf(request: FastifyRequest): Promise<IssueScope> {
  const { actor } = contextOf(request);
  const supervises = (await permissionsOf(request)).has(offlineSupervisePermission);
  return { facilityId: actor.facilityId, userId: supervises ? null : actor.userId };
}

/** Offline sync (decision 0055): the device's outbox push, and its conflicts and rejections. */
export const syncRoutes: FastifyPluginAsyncZod<AppContext> = async (app, ctx) => {
  app.post(
    '/sync/push',
    {
      schema: {
        tags,
        security,
        summary:
          "Apply a device's queued offline commands in order (any signed-in user; each command's own permission is checked as its REST route does): one outcome each — applied, conflict (recorded), rejected (with the reason) or deferred (send again)",
        body: syncPushSchema,
        response: { 200: syncPushResponseSchema, ...errors },
      },
    },
    async (request) =>
      pushCommands(
        ctx.events,
        contextOf(request),
        request.body.commands,
        (error) => request.log.error({ err: error }, 'an offline command failed; the device will send it again'),
        // A conflict's notice goes by e-mail too when this server has a relay (decision 0080).
        { email: ctx.config.smtpUrl !== '', publicUrl: ctx.config.publicUrl },
      ),
  );

  app.get(
    '/sync/conflicts',
    {
      schema: {
        tags,
        security,
        summary:
          "Offline changes in conflict or rejected: the caller's own, or the facility's with offline:supervise; newest first (default: open ones)",
        querystring: syncIssueQuerySchema,
        response: { 200: syncIssueListSchema, ...errors },
      },
    },
    async (request) => ({
      issues: await listIssues(contextOf(request).connection.db, await scopeOf(request), request.query),
    }),
  );

  app.get(
    '/sync/conflicts/:id',
    {
      schema: {
        tags,
        security,
        summary: 'One offline change in conflict or rejected, with both versions (its owner, or offline:supervise)',
        params: idParamsSchema,
        response: { 200: syncIssueSchema, ...errors },
      },
    },
    async (request) => {
      const issue = await findIssue(contextOf(request).connection.db, await scopeOf(request), request.params.id);
      if (!issue) throw AppError.notFound('Offline change');
      return issue;
    },
  );

  app.post(
    '/sync/conflicts/:id/resolve',
    {
      schema: {
        tags,
        security,
        summary:
          'Mark an offline conflict or rejection resolved, with a note (its owner, or offline:supervise); Idempotency-Key makes a retry safe',
        params: idParamsSchema,
        body: syncResolveSchema,
        response: { 200: syncIssueSchema, ...commandErrorResponses },
      },
    },
    async (request, reply) =>
      sendCommand(ctx.events, request, reply, resolveSyncIssue, { targetId: request.params.id, input: request.body }),
  );
};
