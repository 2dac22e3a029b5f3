import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  apiErrorSchema,
  apiRefusalSchema,
  commandRefusals,
  idParamsSchema,
  permitCommandAction,
  permitCommandRoutes,
  permitCreateRoute,
  permitCommandLabels,
  permitCommandNotifies,
  permitCommandRefusalsSchema,
  permitHandoversSchema,
  permitHistorySchema,
  permitPermission,
  permitSchema,
  type PermitCommand,
} from '@hasp/contracts';
import type { AppContext } from '../../app-context';
import { contextOf, registerCommandRoutes } from '../../platform';
import { AppError } from '../../plugins/app-error';
import { assertPermission, permissionsOf } from '../../plugins/permissions';
import { permitCommandDefinitions } from './permit-command.service';
import { createPermit } from './permit-create.service';
import { loadPermitFacts, permitGuardHooks, permitGuardTab } from './permit-guards';
import { listHandovers } from './permit-handover.repository';
import { readPermitHistory } from './permit-history';
import { findPermit } from './permit.repository';
import { permitView } from './permit-view';

const tags = ['permits'];

const verbOf = (name: string) => name.slice('permit.'.length) as PermitCommand;

const whoMay = (command: PermitCommand) => {
  const action = permitCommandAction[command];
  if (action === 'holder-or-issue') return 'the holder, or permit:issue:<CODE>';
  if (action === 'requester-or-approve') return 'the requester, or permit:approve:<CODE>';
  if (action === 'approve-or-issue') return 'permit:approve:<CODE> or permit:issue:<CODE>, not the requester';
  return `permit:${action}:<CODE>`;
};
const security = [{ bearer: [] }];
const errors = {
  400: apiErrorSchema,
  401: apiErrorSchema,
  403: apiErrorSchema,
  404: apiErrorSchema,
  409: apiErrorSchema,
  422: apiErrorSchema,
};
const signingErrors = { 429: apiErrorSchema, 503: apiErrorSchema };
/** A lifecycle command's refusals (403, 409, 422) carry the lifecycle's words as a caption too (`said`). */
const refusals = { 403: apiRefusalSchema, 409: apiRefusalSchema, 422: apiRefusalSchema };

/**
 * Permits of the signed-in facility. The permission depends on the permit's type
 * (`permit:<action>:<CODE>`), so it is checked once the type is known: by the command's policy for
 * a creation, after the facility-scoped read for a view (another facility's permit is 404 first).
 */
export const permitRoutes: FastifyPluginAsyncZod<AppContext> = async (app, ctx) => {
  registerCommandRoutes(app, ctx.events, [permitCreateRoute], {
    tags,
    definitionOf: () => createPermit,
    summary: () =>
      "Create a draft permit of a type (permit:create:<CODE>), numbered from the type's pattern; Idempotency-Key makes a retry safe",
    response: () => ({ 200: permitSchema, ...errors }),
  });

  app.get(
    '/permits/:id',
    {
      schema: {
        tags,
        security,
        summary: 'A permit of the facility (permit:view:<CODE>), with its type, people, area, assets and approvals',
        params: idParamsSchema,
        response: { 200: permitSchema, ...errors },
      },
    },
    async (request, reply) => {
      const { connection, actor } = contextOf(request);
      const permit = await findPermit(connection.db, actor.facilityId, request.params.id);
      if (!permit) throw AppError.notFound('Permit');
      await assertPermission(request, permitPermission('view', permit.permitType.code));
      void reply.header('etag', `"${permit.version}"`);
      const { now } = contextOf(request);
      const facts = await loadPermitFacts(connection.db, permit, now);
      return permitView(permit, { userId: actor.userId, permissions: await permissionsOf(request), now }, facts);
    },
  );

  app.get(
    '/permits/:id/command-refusals',
    {
      schema: {
        tags,
        security,
        summary:
          "Why each command the permit's status has is not offered to the caller (permit:view:<CODE>): the lifecycle's refusal and the permit page's tab that resolves it",
        params: idParamsSchema,
        response: { 200: permitCommandRefusalsSchema, ...errors },
      },
    },
    async (request) => {
      const { connection, actor, now } = contextOf(request);
      const permit = await findPermit(connection.db, actor.facilityId, request.params.id);
      if (!permit) throw AppError.notFound('Permit');
      await assertPermission(request, permitPermission('view', permit.permitType.code));
      const facts = await loadPermitFacts(connection.db, permit, now);
      const who = { userId: actor.userId, permissions: await permissionsOf(request), isSystem: false };
      return { refusals: commandRefusals(facts, who, permitGuardHooks(), permitGuardTab) };
    },
  );

  app.get(
    '/permits/:id/history',
    {
      schema: {
        tags,
        security,
        summary: "A permit's history (permit:view:<CODE>) from its audit trail, oldest first",
        params: idParamsSchema,
        response: { 200: permitHistorySchema, ...errors },
      },
    },
    async (request) => {
      const { connection, actor } = contextOf(request);
      const permit = await findPermit(connection.db, actor.facilityId, request.params.id);
      if (!permit) throw AppError.notFound('Permit');
      await assertPermission(request, permitPermission('view', permit.permitType.code));
      return readPermitHistory(connection.db, actor.facilityId, permit.ID);
    },
  );

  app.get(
    '/permits/:id/handovers',
    {
      schema: {
        tags,
        security,
        summary:
          "A permit's handover log (permit:view:<CODE>): each hand-over's notes and its acknowledgment, oldest first",
        params: idParamsSchema,
        response: { 200: permitHandoversSchema, ...errors },
      },
    },
    async (request) => {
      const { connection, actor } = contextOf(request);
      const permit = await findPermit(connection.db, actor.facilityId, request.params.id);
      if (!permit) throw AppError.notFound('Permit');
      await assertPermission(request, permitPermission('view', permit.permitType.code));
      return listHandovers(connection.db, actor.facilityId, permit.ID);
    },
  );

  registerCommandRoutes(app, ctx.events, permitCommandRoutes, {
    tags,
    definitionOf: (route) => permitCommandDefinitions[verbOf(route.name)],
    summary: (route) =>
      `${permitCommandLabels[verbOf(route.name)]} a permit (${whoMay(verbOf(route.name))}, and the right person and state: ` +
      `the lifecycle decides). If-Match: the version given; Idempotency-Key makes a retry safe. ` +
      (permitCommandNotifies[verbOf(route.name)] ?? ''),
    // Approving signs: too many wrong passwords (429), the directory unreachable (503).
    response: (route) => ({
      200: permitSchema,
      ...errors,
      ...refusals,
      ...(route.name === 'permit.approve' && signingErrors),
    }),
  });
};
