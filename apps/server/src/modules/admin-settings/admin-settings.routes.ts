import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  facilitySettingsAdminSchema,
  facilitySettingsSchema,
  rightNavPermission,
  settingEntrySchema,
  updateSettingSchema,
} from '@hasp/contracts';
import type { AppContext } from '../../app-context';
import { contextOf, sendCommand, commandErrorResponses } from '../../platform';
import { requirePermission } from '../../plugins/permissions';
import { getFacilitySettingsAdmin, updateFacilitySettings } from './facility-settings.service';
import { listSettingEntries, updateSettingEntry } from './settings-table.service';

const tags = ['admin-settings'];
const security = [{ bearer: [] }];
const errors = commandErrorResponses;

/**
 * Settings Manager (the facility's settings in the seed's shape) and Settings Table (every
 * setting, one at a time). Both act on the caller's facility only; every change is audited.
 */
export const adminSettingsRoutes: FastifyPluginAsyncZod<AppContext> = async (app, ctx) => {
  const manager = { preHandler: requirePermission(rightNavPermission('settings-manager')) };
  const table = { preHandler: requirePermission(rightNavPermission('settings-table')) };

  app.get(
    '/admin/facility-settings',
    {
      ...manager,
      schema: {
        tags,
        security,
        summary: "The facility's settings and its permit types",
        response: { 200: facilitySettingsAdminSchema, ...errors },
      },
    },
    async (request) => getFacilitySettingsAdmin(contextOf(request).connection.db, contextOf(request).actor.facilityId),
  );

  app.put(
    '/admin/facility-settings',
    {
      ...manager,
      schema: {
        tags,
        security,
        summary: "Change the facility's settings (validated, audited; prefixes not named keep their value)",
        body: facilitySettingsSchema,
        response: { 200: facilitySettingsAdminSchema, ...errors },
      },
    },
    async (request, reply) =>
      sendCommand(ctx.events, request, reply, updateFacilitySettings, {
        targetId: contextOf(request).actor.facilityId,
        input: request.body,
      }),
  );

  app.get(
    '/admin/settings',
    {
      ...table,
      schema: {
        tags,
        security,
        summary: 'Every setting: the settings table catalogue and the facility settings, with default and value',
        response: { 200: z.array(settingEntrySchema), ...errors },
      },
    },
    async (request) => listSettingEntries(contextOf(request).connection.db, contextOf(request).actor.facilityId),
  );

  app.put(
    '/admin/settings/:key',
    {
      ...table,
      schema: {
        tags,
        security,
        summary:
          "Change one setting (validated against its definition, audited); a connection-wide one needs 'connection:settings'",
        params: z.object({ key: z.string().min(1).max(200) }),
        body: updateSettingSchema,
        response: { 200: settingEntrySchema, ...errors },
      },
    },
    async (request, reply) =>
      sendCommand(ctx.events, request, reply, updateSettingEntry, {
        targetId: contextOf(request).actor.facilityId,
        input: { key: request.params.key, value: request.body.value },
      }),
  );
};
