import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  approvalLevelOf,
  approvalStagesSchema,
  approvalStagesUpdateSchema,
  idParamsSchema,
  permitApprovalsSchema,
  permitPermission,
  rightNavPermission,
  type PermitApprovals,
} from '@hasp/contracts';
import type { AppContext } from '../../app-context';
import { commandErrorResponses, contextOf, sendCommand } from '../../platform';
import { AppError } from '../../plugins/app-error';
import { assertPermission, requirePermission } from '../../plugins/permissions';
import { findPermit } from '../permits';
import { updateApprovalStages } from './approval-stages.commands';
import { listApprovalStages } from './approval-stages.repository';
import { approvalProgress } from './signature.guards';
import { signatureView } from './signature.repository';

const tags = ['signatures'];
const security = [{ bearer: [] }];
const errors = commandErrorResponses;

/**
 * Approval stages (Facility Settings permission) and a permit's approvals: its risk level's stages,
 * which are signed, and every signature with its manifestation and whether it is still valid. Signing
 * is the permit's `approve` command (`POST /api/permits/:id/commands/approve` with the password).
 */
export const signatureRoutes: FastifyPluginAsyncZod<AppContext> = async (app, ctx) => {
  app.addHook('onRequest', ctx.requireAuth);
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
      const progress = await approvalProgress(connection.db, actor.facilityId, permit);
      return {
        riskLevel: approvalLevelOf(permit.riskLevel),
        stages: progress.stages.map((s) => ({ ...s, signed: progress.signedPositions.has(s.position) })),
        nextStage: permit.status === 'requested' ? progress.nextStage : null,
        signatures: progress.signatures.map((s) => signatureView(s, permit.revision, progress.contentHash)),
      };
    },
  );
};
