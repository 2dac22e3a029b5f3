import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  permitPermission,
  tagCommandLabels,
  tagCommandRoles,
  tagCommandRoutes,
  tagListSchema,
  tagParamsSchema,
  tagSchema,
  type TagCommand,
  type TagRole,
} from '@hasp/contracts';
import type { AppContext } from '../../app-context';
import { commandErrorResponses, contextOf, registerCommandRoutes } from '../../platform';
import { AppError } from '../../plugins/app-error';
import { assertPermission, permissionsOf } from '../../plugins/permissions';
import { tagCommandDefinitions } from './tag-command.service';
import { listTags } from './tag-view';

const tags = ['tags'];
const security = [{ bearer: [] }];

const roleNames: Record<TagRole, string> = {
  applier: 'the applier',
  'lock-applier': "the personal lock's owner",
  issuer: "the permit's issuer",
  holder: "the permit's holder",
  'isolating-authority': 'permit:issue:<CODE>',
  'print-list': 'rightnav:print-list',
};
const verbOf = (name: string) => name.slice('tag.'.length) as TagCommand;
const whoMay = (command: TagCommand) => tagCommandRoles[command].map((role) => roleNames[role]).join(', ');

/** A permit's tags (permit:view:<CODE>) and the commands on them (each verb's people: contracts' tagCommandRoles). */
export const tagRoutes: FastifyPluginAsyncZod<AppContext> = async (app, ctx) => {
  app.get(
    '/permits/:permitId/tags',
    {
      schema: {
        tags,
        security,
        summary: "A permit's tags (permit:view:<CODE>), oldest first, with the commands the caller may give on each",
        params: tagParamsSchema,
        response: { 200: tagListSchema, ...commandErrorResponses },
      },
    },
    async (request) => {
      const { connection, actor } = contextOf(request);
      const permit = await connection.db
        .selectFrom('permits')
        .innerJoin('permit_types', 'permit_types.id', 'permits.permit_type_id')
        .select(['permits.id', 'permit_types.code'])
        .where('permits.facility_id', '=', actor.facilityId)
        .where('permits.id', '=', request.params.permitId)
        .executeTakeFirst();
      if (!permit) throw AppError.notFound('Permit');
      await assertPermission(request, permitPermission('view', permit.code));
      const permissions = await permissionsOf(request);
      return listTags(connection.db, actor.facilityId, permit.id, { userId: actor.userId, permissions });
    },
  );

  registerCommandRoutes(app, ctx.events, tagCommandRoutes, {
    tags,
    definitionOf: (route) => tagCommandDefinitions[verbOf(route.name)],
    summary: (route) =>
      `${tagCommandLabels[verbOf(route.name)]} a tag (permit:view:<CODE> and one of: ${whoMay(verbOf(route.name))}; ` +
      'the tag state decides). If-Match: the tag version; Idempotency-Key makes a retry safe.',
    response: () => ({ 200: tagSchema, ...commandErrorResponses }),
  });
};
