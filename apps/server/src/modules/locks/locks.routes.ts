import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import * as z from 'zod/mini';
import {
  apiRefusalSchema,
  idParamSchema,
  idParamsSchema,
  lockApplicationSchema,
  lockCommandRoutes,
  lockAssignInputSchema,
  lockCommandFrom,
  lockCommandInputSchemas,
  lockInputSchema,
  lockListQuerySchema,
  lockListSchema,
  lockOptionsSchema,
  lockSchema,
  lockStatusCommandLabels,
  lockStatusCommands,
  lockStatusLabels,
  permitPermission,
  rightNavPermission,
} from '@hasp/contracts';
import type { AppContext } from '../../app-context';
import { commandErrorResponses, contextOf, registerCommandRoutes, sendCommand } from '../../platform';
import { AppError } from '../../plugins/app-error';
import { assertPermission, requirePermission } from '../../plugins/permissions';
import { applyLockAtPoint, removeLockFromPoint } from './lock-apply.service';
import { editLock, lockStatusCommandDefinitions, registerLock } from './lock-inventory.service';
import { assignLockToPermit, unassignLockFromPermit } from './lock-assign.service';
import {
  listApplicableLocks,
  listAssignableLocks,
  listLocks,
  listLocksAssignedTo,
  lockOptions,
} from './lock.repository';

const tags = ['locks'];
const security = [{ bearer: [] }];
const errors = commandErrorResponses;

/** Lock Manage (`rightnav:lock-manage`): the facility's lock inventory and its status commands. */
export const lockRoutes: FastifyPluginAsyncZod<AppContext> = async (app, ctx) => {
  app.addHook('preHandler', requirePermission(rightNavPermission('lock-manage')));

  app.get(
    '/locks',
    {
      schema: {
        tags,
        security,
        summary:
          "The facility's locks by serial, with where each lock in use is now; q searches serial, note and owner",
        querystring: lockListQuerySchema,
        response: { 200: lockListSchema, ...errors },
      },
    },
    async (request) => listLocks(contextOf(request).connection.db, contextOf(request).actor.facilityId, request.query),
  );

  app.get(
    '/locks/options',
    {
      schema: {
        tags,
        security,
        summary: "The lock form's choices: the facility's active lock colours and its active users (owners)",
        response: { 200: lockOptionsSchema, ...errors },
      },
    },
    async (request) => lockOptions(contextOf(request).connection.db, contextOf(request).actor.facilityId),
  );

  app.post(
    '/locks',
    {
      schema: {
        tags,
        security,
        summary: 'Register a lock (Available, no owner); its serial is unique in the facility whatever its case',
        body: lockInputSchema,
        response: { 200: lockSchema, ...errors },
      },
    },
    async (request, reply) =>
      sendCommand(ctx.events, request, reply, registerLock, {
        targetId: contextOf(request).actor.facilityId,
        input: request.body,
      }),
  );

  app.put(
    '/locks/:id',
    {
      schema: {
        tags,
        security,
        summary: "Edit a lock's serial, kind, colour or note (If-Match: the version read)",
        params: idParamsSchema,
        body: lockInputSchema,
        response: { 200: lockSchema, ...errors },
      },
    },
    async (request, reply) =>
      sendCommand(ctx.events, request, reply, editLock, { targetId: request.params.id, input: request.body }),
  );

  for (const command of lockStatusCommands) {
    app.post(
      `/locks/:id/commands/${command}`,
      {
        schema: {
          tags,
          security,
          summary:
            `${lockStatusCommandLabels[command]} a lock (from ${lockCommandFrom[command].map((s) => lockStatusLabels[s]).join(', ')}). ` +
            'If-Match: the version read; Idempotency-Key makes a retry safe',
          params: idParamsSchema,
          body: lockCommandInputSchemas[command],
          response: { 200: lockSchema, ...errors },
        },
      },
      async (request, reply) =>
        sendCommand(ctx.events, request, reply, lockStatusCommandDefinitions[command], {
          targetId: request.params.id,
          input: request.body,
        }),
    );
  }
};

const permitParams = z.object({ permitId: idParamSchema });

/** Locks on a permit's plan points: applied by the signed-in user, removed only by them (permit:view:<CODE>). */
export const permitLockRoutes: FastifyPluginAsyncZod<AppContext> = async (app, ctx) => {
  /** The permit of the path in the actor's facility (404 otherwise), once the caller holds `action` on its type. */
  const permitFor = async (request: FastifyRequest<{ Params: { permitId: number } }>, action: 'view' | 'issue') => {
    const { connection, actor } = contextOf(request);
    const permit = await connection.db
      .selectFrom('permits')
      .innerJoin('permit_types', 'permit_types.id', 'permits.permit_type_id')
      .select(['permits.id', 'permit_types.code'])
      .where('permits.facility_id', '=', actor.facilityId)
      .where('permits.id', '=', request.params.permitId)
      .executeTakeFirst();
    if (!permit) throw AppError.notFound('Permit');
    await assertPermission(request, permitPermission(action, permit.code));
    return { db: connection.db, facilityId: actor.facilityId, userId: actor.userId, permitId: permit.id };
  };

  app.get(
    '/permits/:permitId/locks/applicable',
    {
      schema: {
        tags,
        security,
        summary:
          'The locks the signed-in user may apply on this permit (permit:view:<CODE>): issued to them, or available pool locks assigned to this permit',
        params: permitParams,
        response: { 200: lockListSchema, ...errors },
      },
    },
    async (request) => {
      const { db, facilityId, userId, permitId } = await permitFor(request, 'view');
      return listApplicableLocks(db, facilityId, userId, { permitId });
    },
  );

  app.get(
    '/permits/:permitId/locks/assigned',
    {
      schema: {
        tags,
        security,
        summary: 'The pool locks assigned to this permit, on a point or not (permit:view:<CODE>)',
        params: permitParams,
        response: { 200: lockListSchema, ...errors },
      },
    },
    async (request) => {
      const { db, facilityId, permitId } = await permitFor(request, 'view');
      return listLocksAssignedTo(db, facilityId, permitId);
    },
  );

  app.get(
    '/permits/:permitId/locks/assignable',
    {
      schema: {
        tags,
        security,
        summary:
          "The facility's pool locks that can be assigned to a permit now (permit:issue:<CODE>): available, no owner, assigned to no open permit",
        params: permitParams,
        response: { 200: lockListSchema, ...errors },
      },
    },
    async (request) => {
      const { db, facilityId } = await permitFor(request, 'issue');
      return listAssignableLocks(db, facilityId);
    },
  );

  for (const [verb, command] of [
    ['assign', assignLockToPermit],
    ['unassign', unassignLockFromPermit],
  ] as const) {
    app.post(
      `/permits/:permitId/locks/commands/${verb}`,
      {
        schema: {
          tags,
          security,
          summary:
            verb === 'assign'
              ? 'Assign a pool lock to this open permit (permit:issue:<CODE>): only its people apply it from then on'
              : 'Release a pool lock from this permit (permit:issue:<CODE>), once no one has it on a point or lockbox',
          params: permitParams,
          body: lockAssignInputSchema,
          response: { 200: lockSchema, ...errors, 409: apiRefusalSchema },
        },
      },
      async (request, reply) =>
        sendCommand(ctx.events, request, reply, command, { targetId: request.params.permitId, input: request.body }),
    );
  }

  const lockSummaries = {
    'lock.apply':
      "Apply a lock at a point of the permit's plan (permit:view:<CODE>): the point isolated, the lock free or issued to you; you become its applier",
    'lock.remove': 'Remove a lock applied on this permit (permit:view:<CODE>); only the person who applied it may',
  } as const;
  registerCommandRoutes(app, ctx.events, lockCommandRoutes, {
    tags,
    definitionOf: (route) => ({ 'lock.apply': applyLockAtPoint, 'lock.remove': removeLockFromPoint })[route.name],
    summary: (route) => lockSummaries[route.name],
    // Only the person who applied a lock removes it: that refusal carries its words too.
    response: (route) => ({
      200: lockApplicationSchema,
      ...errors,
      ...(route.name === 'lock.remove' ? { 403: apiRefusalSchema } : {}),
      409: apiRefusalSchema,
    }),
  });
};
