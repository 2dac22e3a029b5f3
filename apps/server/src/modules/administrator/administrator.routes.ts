import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  adminFacilityCreateSchema,
  adminFacilitySchema,
  adminFacilityUpdateSchema,
  apiErrorSchema,
  auditFacetsSchema,
  auditPageSchema,
  auditQuerySchema,
  auditVerificationSchema,
  connectionInfoSchema,
  rightNavPermission,
  serverHealthSchema,
  idParamsSchema,
  jobRetrySchema,
  jobsHealthSchema,
} from '@hasp/contracts';
import type { AppContext } from '../../app-context';
import { commandErrorResponses, contextOf, sendCommand } from '../../platform';
import { requirePermission } from '../../plugins/permissions';
import { verifyAuditChains } from '../audit';
import { createFacility, editFacility, listAdminFacilities } from './admin-facility.service';
import { listAuditEntries, listAuditFacets } from './audit-log.repository';
import { readConnectionInfo } from './connection-info';
import { readServerHealth } from './server-health';
import { readJobsHealth, retryFailedJob } from './job-health';

const tags = ['administrator'];
const security = [{ bearer: [] }];
const idParams = idParamsSchema;
const errors = {
  400: apiErrorSchema,
  401: apiErrorSchema,
  403: apiErrorSchema,
  404: apiErrorSchema,
  409: apiErrorSchema,
};

/** The Administrator home (/admin): facilities, connection, health and the audit log. */
export const administratorRoutes: FastifyPluginAsyncZod<AppContext> = async (app, ctx) => {
  app.addHook('preHandler', requirePermission(rightNavPermission('administrator')));

  app.get(
    '/admin/facilities',
    {
      schema: {
        tags,
        security,
        summary: "Every facility of the caller's connection, active or not",
        response: { 200: z.array(adminFacilitySchema), ...errors },
      },
    },
    async (request) => listAdminFacilities(contextOf(request).connection.db, contextOf(request).actor),
  );

  app.post(
    '/admin/facilities',
    {
      schema: {
        tags,
        security,
        summary: 'Create a facility (default settings, an Administrators group with the creator in it); audited',
        body: adminFacilityCreateSchema,
        response: { 200: adminFacilitySchema, ...commandErrorResponses },
      },
    },
    async (request, reply) =>
      sendCommand(ctx.events, request, reply, createFacility, {
        targetId: contextOf(request).actor.facilityId,
        input: request.body,
      }),
  );

  app.put(
    '/admin/facilities/:id',
    {
      schema: {
        tags,
        security,
        summary: 'Rename, move (parent/company), deactivate or reactivate a facility; audited',
        params: idParams,
        body: adminFacilityUpdateSchema,
        response: { 200: adminFacilitySchema, ...commandErrorResponses },
      },
    },
    async (request, reply) =>
      sendCommand(ctx.events, request, reply, editFacility, { targetId: request.params.id, input: request.body }),
  );

  app.get(
    '/admin/connection',
    {
      schema: {
        tags,
        security,
        summary: 'The signed-in connection: name, database version and size, counts (never its address)',
        response: { 200: connectionInfoSchema, ...errors },
      },
    },
    async (request) =>
      readConnectionInfo(contextOf(request).connection, ctx.config.connections, contextOf(request).now),
  );

  app.get(
    '/admin/health',
    {
      schema: {
        tags,
        security,
        summary: "The server process and every connection's readiness and latency",
        response: { 200: serverHealthSchema, ...errors },
      },
    },
    async () => readServerHealth(ctx.registry, ctx.version, ctx.clock.now()),
  );

  app.get(
    '/admin/jobs',
    {
      schema: {
        tags,
        security,
        summary: "The job queues of the caller's connection: jobs waiting, running and failed, and the failed jobs",
        response: { 200: jobsHealthSchema, ...errors },
      },
    },
    async (request) => readJobsHealth(ctx.jobs, contextOf(request).connection),
  );

  app.post(
    '/admin/jobs/retry',
    {
      schema: {
        tags,
        security,
        summary: 'Run a failed job again (one more attempt); answers the queues as they are then',
        body: jobRetrySchema,
        response: { 200: jobsHealthSchema, ...errors },
      },
    },
    async (request) => retryFailedJob(ctx.jobs, contextOf(request).connection, request.body),
  );

  app.get(
    '/admin/audit',
    {
      schema: {
        tags,
        security,
        summary: "The audit log: this facility's and connection-wide entries, newest first, keyset-paged",
        querystring: auditQuerySchema,
        response: { 200: auditPageSchema, ...errors },
      },
    },
    async (request) => {
      const auth = contextOf(request);
      return listAuditEntries(auth.connection.db, { ...request.query, facilityId: auth.actor.facilityId });
    },
  );

  app.get(
    '/admin/audit/facets',
    {
      schema: {
        tags,
        security,
        summary: 'The actions, entity types and users that occur in the audit log, for its filters',
        response: { 200: auditFacetsSchema, ...errors },
      },
    },
    async (request) => {
      const auth = contextOf(request);
      return listAuditFacets(auth.connection.db, auth.actor.facilityId);
    },
  );

  app.get(
    '/admin/audit/verify',
    {
      schema: {
        tags,
        security,
        summary:
          "Verify the audit log's hash chains (this facility's and the connection-wide one): the first broken row, if any",
        response: { 200: auditVerificationSchema, ...errors },
      },
    },
    async (request) => {
      const auth = contextOf(request);
      const anchor = ctx.auditCheckpoints?.for(auth.connection.name);
      return verifyAuditChains(auth.connection.db, {
        facilityIds: [null, auth.actor.facilityId],
        now: auth.now,
        ...(anchor ? { anchor } : {}),
      });
    },
  );
};
