import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  apiErrorSchema,
  dashboardLayoutSchema,
  dashboardWidgetDataSchema,
  dashboardWidgetParamsSchema,
  facilityDashboardLayoutSchema,
  rightNavPermission,
  userDashboardLayoutSchema,
} from '@hasp/contracts';
import type { AppContext } from '../../app-context';
import { commandErrorResponses, contextOf, sendCommand } from '../../platform';
import { AppError } from '../../plugins/app-error';
import { requirePermission } from '../../plugins/permissions';
import { findFacilitySettings } from '../settings';
import { indexScopeOf } from '../permits';
import {
  readFacilityLayout,
  readUserLayout,
  resetUserLayout,
  saveFacilityLayout,
  saveUserLayout,
} from './dashboard-layouts.service';
import { readWidget } from './dashboard-widgets.repository';

const tags = ['dashboards'];
const security = [{ bearer: [] }];
const errors = { 400: apiErrorSchema, 401: apiErrorSchema, 403: apiErrorSchema };

/**
 * Dashboards (decision 0075): the caller's layout, the facility's default (Facility
 * Settings' administrators set it) and each widget's numbers, one request per widget. No permission
 * beyond sign-in for the caller's own: every number is scoped like the permit index.
 */
export const dashboardRoutes: FastifyPluginAsyncZod<AppContext> = async (app, ctx) => {
  // The seed: dashboards exist only where the CustomDashboards module is on. The web hides them
  // then; the server refuses the caller's own layout and widgets too (the facility's default may
  // still be prepared by its administrators before the module is switched on).
  app.addHook('preHandler', async (request) => {
    if (request.routeOptions.url?.startsWith('/api/dashboards/default-layout')) return;
    const { connection, actor } = contextOf(request);
    const settings = await findFacilitySettings(connection.db, actor.facilityId);
    if (!settings.moduleSettings.CustomDashboards)
      throw new AppError('FORBIDDEN', 403, 'This feature is switched off for this facility');
  });
  const caller = (request: Parameters<typeof contextOf>[0]) => contextOf(request).actor;
  const dbOf = (request: Parameters<typeof contextOf>[0]) => contextOf(request).connection.db;

  app.get(
    '/dashboards/layout',
    {
      schema: {
        tags,
        security,
        summary:
          "The caller's dashboard in this facility: their own, else the facility's default, else the built-in one",
        response: { 200: userDashboardLayoutSchema, ...errors },
      },
    },
    async (request) => readUserLayout(dbOf(request), caller(request)),
  );

  app.put(
    '/dashboards/layout',
    {
      schema: {
        tags,
        security,
        summary: 'Save the caller\'s dashboard. If-Match: the version loaded ("0" when never saved).',
        body: dashboardLayoutSchema,
        response: { 200: userDashboardLayoutSchema, ...commandErrorResponses },
      },
    },
    async (request, reply) =>
      sendCommand(ctx.events, request, reply, saveUserLayout, {
        targetId: caller(request).userId,
        input: request.body,
      }),
  );

  app.delete(
    '/dashboards/layout',
    {
      schema: {
        tags,
        security,
        summary: "Forget the caller's own dashboard: the facility's default shows again",
        response: { 200: userDashboardLayoutSchema, ...errors },
      },
    },
    async (request) => resetUserLayout(dbOf(request), caller(request)),
  );

  app.get(
    '/dashboards/widgets/:kind',
    {
      schema: {
        tags,
        security,
        summary: "One widget's numbers, each a count of the permit index filter it links to",
        params: dashboardWidgetParamsSchema,
        response: { 200: dashboardWidgetDataSchema, ...errors },
      },
    },
    async (request) => readWidget(dbOf(request), await indexScopeOf(request), request.params.kind),
  );

  const facilitySettings = requirePermission(rightNavPermission('facility-settings'));

  app.get(
    '/dashboards/default-layout',
    {
      preHandler: facilitySettings,
      schema: {
        tags,
        security,
        summary: "The facility's default dashboard (version 0: never set, the built-in one)",
        response: { 200: facilityDashboardLayoutSchema, ...errors },
      },
    },
    async (request) => readFacilityLayout(dbOf(request), caller(request).facilityId),
  );

  app.put(
    '/dashboards/default-layout',
    {
      preHandler: facilitySettings,
      schema: {
        tags,
        security,
        summary: "Set the facility's default dashboard (audited). If-Match: the version loaded.",
        body: dashboardLayoutSchema,
        response: { 200: facilityDashboardLayoutSchema, ...commandErrorResponses },
      },
    },
    async (request, reply) =>
      sendCommand(ctx.events, request, reply, saveFacilityLayout, {
        targetId: caller(request).facilityId,
        input: request.body,
      }),
  );
};
