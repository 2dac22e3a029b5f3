import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  approvalStagesSchema,
  approvalStagesUpdateSchema,
  idParamsSchema,
  permitApprovalsSchema,
  permitPermission,
  rightNavPermission,
  signingMethodSchema,
  ssoSigningStartInputSchema,
  ssoSigningStartSchema,
  abandonedRemovalPermission,
  apiErrorSchema,
  type PermitApprovals,
  type SigningMethod,
  type SsoSigningStart,
} from '@hasp/contracts';
import type { AppContext } from '../../app-context';
import { commandErrorResponses, contextOf, sendCommand } from '../../platform';
import { AppError } from '../../plugins/app-error';
import { assertPermission, requirePermission } from '../../plugins/permissions';
import { findPermit } from '../permits';
import { updateApprovalStages } from './approval-stages.commands';
import { listApprovalStages } from './approval-stages.repository';
import { approvalsOf } from './signatures-section';
import { signingMethodOf, startSsoSigning } from './sso-signing';
import { identityProviderName } from '../sso';

const tags = ['signatures'];
const security = [{ bearer: [] }];
const errors = commandErrorResponses;

/**
 * Approval stages (Facility Settings permission) and a permit's approvals: its risk level's stages,
 * which are signed, and every signature with its manifestation and whether it is still valid. Signing
 * is the permit's `approve` command (`POST /api/permits/:id/commands/approve` with the password).
 */
export const signatureRoutes: FastifyPluginAsyncZod<AppContext> = async (app, ctx) => {
  const admin = { preHandler: requirePermission(rightNavPermission('facility-settings')) };

  app.get(
    '/approval-stages',
    {
      ...admin,
      schema: {
        tags,
        security,
        summary: "The facility's approval stages per risk level, in order (rightnav:facility-settings)",
        response: { 200: approvalStagesSchema, ...errors },
      },
    },
    async (request) => listApprovalStages(contextOf(request).connection.db, contextOf(request).actor.facilityId),
  );

  app.put(
    '/approval-stages',
    {
      ...admin,
      schema: {
        tags,
        security,
        summary:
          "Replace the facility's approval stages of every risk level (rightnav:facility-settings). If-Match: the version read.",
        body: approvalStagesUpdateSchema,
        response: { 200: approvalStagesSchema, ...errors },
      },
    },
    async (request, reply) =>
      sendCommand(ctx.events, request, reply, updateApprovalStages, {
        targetId: contextOf(request).actor.facilityId,
        input: request.body,
      }),
  );

  app.get(
    '/permits/:id/signatures',
    {
      schema: {
        tags,
        security,
        summary:
          "A permit's approval stages and signatures (permit:view:<CODE>): who signed what, when, and whether the permit still has the content signed",
        params: idParamsSchema,
        response: { 200: permitApprovalsSchema, ...errors },
      },
    },
    async (request): Promise<PermitApprovals> => {
      const { connection, actor } = contextOf(request);
      const permit = await findPermit(connection.db, actor.facilityId, request.params.id);
      if (!permit) throw AppError.notFound('Permit');
      await assertPermission(request, permitPermission('view', permit.permitType.code));
      return approvalsOf(connection.db, actor.facilityId, permit);
    },
  );

  app.get(
    '/signatures/method',
    {
      schema: {
        tags,
        security,
        summary:
          'How the signed-in user signs (any signed-in user): their password, the directory, or signing in again at the identity provider (its name)',
        response: { 200: signingMethodSchema, ...errors },
      },
    },
    async (request): Promise<SigningMethod> => {
      const { connection, actor } = contextOf(request);
      const user = await connection.db
        .selectFrom('users')
        .select(['is_active_directory_user', 'password_hash'])
        .where('id', '=', actor.userId)
        .executeTakeFirstOrThrow();
      const method = signingMethodOf(user);
      return { method, identityProvider: method === 'sso' ? await identityProviderName(connection) : null };
    },
  );

  app.post(
    '/permits/:id/signatures/sso',
    {
      schema: {
        tags,
        security,
        summary:
          'Start signing a verb at the identity provider (single sign-on users): body { verb } — approve (the default: ' +
          'the next approval stage; permit:approve:<CODE>), issue, accept, hand-over, complete-work (permit:view:<CODE>; ' +
          'the command checks the rest) or abandoned-removal (loto:remove-abandoned). ' +
          'The URL of a forced login (ForceAuthn) bound to this permit, verb, revision, stage, content and user for 5 minutes. ' +
          'The identity provider answers at the ACS, which sends the browser back to /Permit/Edit/:id?signing=<token>' +
          '[&signingVerb=<verb>] (then give the verb with { signingIntent: token }) or ?signingRefused=<code>. ' +
          'Decisions 0059 and 0101.',
        params: idParamsSchema,
        body: ssoSigningStartInputSchema,
        response: { 200: ssoSigningStartSchema, ...errors, 429: apiErrorSchema },
      },
    },
    async (request): Promise<SsoSigningStart> => {
      const verb = request.body?.verb ?? 'approve';
      return {
        redirectUrl: await startSsoSigning(contextOf(request), request.params.id, verb, (code) =>
          assertPermission(
            request,
            verb === 'approve'
              ? permitPermission('approve', code)
              : verb === 'abandoned-removal'
                ? abandonedRemovalPermission
                : permitPermission('view', code),
          ),
        ),
      };
    },
  );
};
