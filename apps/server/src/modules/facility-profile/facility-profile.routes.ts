import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  apiErrorSchema,
  facilityLogoUploadSchema,
  facilityProfileInputSchema,
  facilityProfileSchema,
  rightNavPermission,
} from '@hasp/contracts';
import type { AppContext } from '../../app-context';
import { commandErrorResponses, contextOf, sendCommand } from '../../platform';
import { requirePermission } from '../../plugins/permissions';
import {
  editFacilityProfile,
  getFacilityProfile,
  removeFacilityLogo,
  replaceFacilityLogo,
} from './facility-profile.service';

const tags = ['facility-profile'];
const security = [{ bearer: [] }];
const errors = { 400: apiErrorSchema, 401: apiErrorSchema, 403: apiErrorSchema, 404: apiErrorSchema };

/** Facility Settings: the signed-in facility's profile (everyone reads it for the top bar; admins edit). */
export const facilityProfileRoutes: FastifyPluginAsyncZod<AppContext> = async (app, ctx) => {
  const edit = { preHandler: requirePermission(rightNavPermission('facility-settings')) };

  app.get(
    '/facility-profile',
    {
      schema: {
        tags,
        security,
        summary: "The signed-in facility's profile: name, address, time zone, default language, logo",
        response: { 200: facilityProfileSchema, ...errors },
      },
    },
    async (request) => getFacilityProfile(contextOf(request).connection.db, contextOf(request).actor.facilityId),
  );

  app.put(
    '/facility-profile',
    {
      ...edit,
      schema: {
        tags,
        security,
        summary: "Change the facility's name, address, time zone (IANA) and default language",
        body: facilityProfileInputSchema,
        response: { 200: facilityProfileSchema, ...commandErrorResponses },
      },
    },
    async (request, reply) =>
      sendCommand(ctx.events, request, reply, editFacilityProfile, {
        targetId: contextOf(request).actor.facilityId,
        input: request.body,
      }),
  );

  app.put(
    '/facility-profile/logo',
    {
      ...edit,
      schema: {
        tags,
        security,
        summary: 'Replace the logo: PNG, JPEG or SVG (no scripts or external references), at most 256 KB',
        body: facilityLogoUploadSchema,
        response: { 200: facilityProfileSchema, ...commandErrorResponses },
      },
    },
    async (request, reply) =>
      sendCommand(ctx.events, request, reply, replaceFacilityLogo, {
        targetId: contextOf(request).actor.facilityId,
        input: request.body,
      }),
  );

  app.delete(
    '/facility-profile/logo',
    {
      ...edit,
      schema: {
        tags,
        security,
        summary: 'Remove the logo',
        response: { 200: facilityProfileSchema, ...commandErrorResponses },
      },
    },
    async (request, reply) =>
      sendCommand(ctx.events, request, reply, removeFacilityLogo, {
        targetId: contextOf(request).actor.facilityId,
        input: null,
      }),
  );
};
