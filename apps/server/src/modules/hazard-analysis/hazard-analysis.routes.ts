import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  hazardAnalysisCommandRoutes,
  hazardAnalysisParamsSchema,
  hazardAnalysisSchema,
  hazardAnalysisVerbLabels,
  permitPermission,
  riskMatrixInputSchema,
  riskMatrixSchema,
  type HazardAnalysisVerb,
} from '@hasp/contracts';
import type { AppContext } from '../../app-context';
import { commandErrorResponses, contextOf, registerCommandRoutes, sendCommand } from '../../platform';
import { AppError } from '../../plugins/app-error';
import { assertPermission, permissionsOf, requirePermission } from '../../plugins/permissions';
import { hazardAnalysisCommands, hazardAnalysisView } from './hazard-analysis-command.service';
import { findHazardPermit, loadMatrix } from './hazard-analysis.repository';
import { configureRiskMatrix, RISK_MATRIX_PERMISSION } from './risk-matrix.service';

const tags = ['hazard-analysis'];
const verbOf = (name: string) => name.slice('hazard-analysis.'.length) as HazardAnalysisVerb;
const security = [{ bearer: [] }];

/** A permit's hazard analysis (the view and one route per verb) and the facility's risk matrix. */
export const hazardAnalysisRoutes: FastifyPluginAsyncZod<AppContext> = async (app, ctx) => {
  app.get(
    '/permits/:permitId/hazard-analysis',
    {
      schema: {
        tags,
        security,
        summary:
          "A permit's hazard analysis (permit:view:<CODE>): its lines, the facility's risk matrix, controls suggested by the assets' energy sources, and whether the caller may change it",
        params: hazardAnalysisParamsSchema,
        response: { 200: hazardAnalysisSchema, ...commandErrorResponses },
      },
    },
    async (request, reply) => {
      const { connection, actor } = contextOf(request);
      const permit = await findHazardPermit(connection.db, actor.facilityId, request.params.permitId);
      if (!permit) throw AppError.notFound('Permit');
      await assertPermission(request, permitPermission('view', permit.typeCode));
      if (!permit.sections.includes('hazard-analysis'))
        throw new AppError('NOT_FOUND', 404, 'This type of permit has no hazard analysis.');
      const view = await hazardAnalysisView(connection.db, permit, {
        userId: actor.userId,
        permissions: await permissionsOf(request),
      });
      void reply.header('etag', `"${view.version}"`);
      return view;
    },
  );

  registerCommandRoutes(app, ctx.events, hazardAnalysisCommandRoutes, {
    tags,
    definitionOf: (route) => hazardAnalysisCommands[verbOf(route.name)],
    summary: (route) =>
      `${hazardAnalysisVerbLabels[verbOf(route.name)]} (the permit's requester with permit:create:<CODE>, while the permit is Draft or Requested; sets the permit's risk level to the lines' highest residual risk). If-Match: the analysis's version; Idempotency-Key makes a retry safe`,
    response: () => ({ 200: hazardAnalysisSchema, ...commandErrorResponses }),
  });

  app.get(
    '/hazard-analysis/matrix',
    {
      preHandler: requirePermission(RISK_MATRIX_PERMISSION),
      schema: {
        tags,
        security,
        summary: "The facility's risk matrix (rightnav:masterlist-manage; permits read it with their hazard analysis)",
        response: { 200: riskMatrixSchema, ...commandErrorResponses },
      },
    },
    async (request, reply) => {
      const { connection, actor } = contextOf(request);
      const matrix = await loadMatrix(connection.db, actor.facilityId);
      void reply.header('etag', `"${matrix.version}"`);
      return matrix;
    },
  );

  app.put(
    '/hazard-analysis/matrix',
    {
      preHandler: requirePermission(RISK_MATRIX_PERMISSION),
      schema: {
        tags,
        security,
        summary:
          "Saves the facility's risk matrix (rightnav:masterlist-manage): severity and likelihood levels and each cell's risk level. Lines already saved keep their rating. If-Match: the matrix's version",
        body: riskMatrixInputSchema,
        response: { 200: riskMatrixSchema, ...commandErrorResponses },
      },
    },
    async (request, reply) =>
      sendCommand(ctx.events, request, reply, configureRiskMatrix, {
        targetId: contextOf(request).actor.facilityId,
        input: request.body,
      }),
  );
};
