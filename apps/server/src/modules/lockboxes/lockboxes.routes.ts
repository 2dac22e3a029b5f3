import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  apiRefusalSchema,
  lockboxCommandLabels,
  lockboxCommandRoutes,
  lockboxParamsSchema,
  lockboxViewSchema,
  permitPermission,
  type LockboxCommand,
} from '@hasp/contracts';
import type { AppContext } from '../../app-context';
import { commandErrorResponses, contextOf, registerCommandRoutes } from '../../platform';
import { AppError } from '../../plugins/app-error';
import { assertPermission, permissionsOf } from '../../plugins/permissions';
import { lockboxCommandDefinitions } from './lockbox-command.service';
import { findLatestLockbox, findLockboxPermit, listLockboxMembers } from './lockbox.repository';
import { lockboxView } from './lockbox-view';

const tags = ['lockboxes'];
const security = [{ bearer: [] }];

const verbOf = (name: string) => name.slice('lockbox.'.length) as LockboxCommand;
const whoMay: Record<LockboxCommand, string> = {
  open: 'permit:issue:<CODE>; names the primary authorized employee (a user who may view the type) and optionally the lockbox device',
  'deposit-keys': 'the primary authorized employee',
  'sign-on':
    'permit:view:<CODE>, with a personal lock issued to them or available, once the keys are deposited and the permit is isolated, until the work is complete',
  'sign-off':
    'the member themselves; while the work is under way the last member signs off only after another has signed on (shift change, OSHA (f)(4))',
  release: 'the primary authorized employee, once nobody is signed on and the work is not under way',
};

/**
 * A permit's group lockbox (OSHA 1910.147 (f)(3)): the crew section reads it, each verb is a
 * command on the runner (permit locked first; audit and event `lockbox.<verb>`; If-Match: the
 * lockbox version; Idempotency-Key). Another facility's permit is 404.
 */
export const lockboxRoutes: FastifyPluginAsyncZod<AppContext> = async (app, ctx) => {
  app.get(
    '/permits/:permitId/lockbox',
    {
      schema: {
        tags,
        security,
        summary:
          "A permit's lockbox (permit:view:<CODE>): the primary authorized employee, who is signed on now and who was, the caller's sign-on, locks and allowed commands",
        params: lockboxParamsSchema,
        response: { 200: lockboxViewSchema, ...commandErrorResponses },
      },
    },
    async (request, reply) => {
      const { connection, actor } = contextOf(request);
      const db = connection.db;
      const permit = await findLockboxPermit(db, actor.facilityId, request.params.permitId);
      if (!permit) throw AppError.notFound('Permit');
      await assertPermission(request, permitPermission('view', permit.typeCode));
      const lockbox = await findLatestLockbox(db, actor.facilityId, permit.id);
      const members = lockbox ? await listLockboxMembers(db, actor.facilityId, lockbox.id) : [];
      const state = {
        version: lockbox?.version ?? 0,
        permit,
        lockbox,
        members,
        permissions: await permissionsOf(request),
      };
      void reply.header('etag', `"${state.version}"`);
      return lockboxView(db, state, actor.userId);
    },
  );

  registerCommandRoutes(app, ctx.events, lockboxCommandRoutes, {
    tags,
    definitionOf: (route) => lockboxCommandDefinitions[verbOf(route.name)],
    summary: (route) =>
      `${lockboxCommandLabels[verbOf(route.name)]} (${whoMay[verbOf(route.name)]}). If-Match: the lockbox version; Idempotency-Key makes a retry safe.`,
    // The crew rules' refusals carry their words as a caption too (`said`, lockbox-rules.ts).
    response: () => ({
      200: lockboxViewSchema,
      ...commandErrorResponses,
      403: apiRefusalSchema,
      409: apiRefusalSchema,
    }),
  });
};
