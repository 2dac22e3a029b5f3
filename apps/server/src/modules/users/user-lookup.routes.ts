import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  apiErrorSchema,
  PEOPLE_LOOKUP_IDS_MAX,
  PEOPLE_LOOKUP_MAX,
  peopleLookupQuerySchema,
  peopleLookupSchema,
} from '@hasp/contracts';
import type { AppContext } from '../../app-context';
import { contextOf } from '../../platform';

/**
 * The one people lookup: the pickers of the permit page and the people filters of the
 * permit index. Names only, of the caller's facility. Kept apart from Security › User Manage, which
 * needs the right-nav permission and shows far more.
 */
export const userLookupRoutes: FastifyPluginAsyncZod<AppContext> = async (app, ctx) => {
  app.get(
    '/users',
    {
      onRequest: ctx.requireAuth,
      schema: {
        tags: ['users'],
        summary:
          'Users of the signed-in facility for pickers: active ones whose name or user name holds q (at most 20), or those of ids (at most 50, inactive ones too)',
        security: [{ bearer: [] }],
        querystring: peopleLookupQuerySchema,
        response: { 200: peopleLookupSchema, 400: apiErrorSchema, 401: apiErrorSchema },
      },
    },
    async (request) => {
      const { connection, actor } = contextOf(request);
      const q = request.query.q?.trim() ?? '';
      const ids = request.query.ids ? [...new Set(request.query.ids.split(',').map(Number))] : null;
      // LIKE wildcards in the query are literal characters here.
      const pattern = `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
      let query = connection.db
        .selectFrom('users')
        .innerJoin('user_facilities', 'user_facilities.user_id', 'users.id')
        .select(['users.id', 'users.display_name', 'users.user_name'])
        .where('user_facilities.facility_id', '=', actor.facilityId);
      // Asked by ID (a filter from a shared URL): the person may have left since, still name them.
      query = ids ? query.where('users.id', 'in', ids) : query.where('users.is_active', '=', true);
      if (q) {
        query = query.where((eb) =>
          eb.or([eb('users.display_name', 'ilike', pattern), eb('users.user_name', 'ilike', pattern)]),
        );
      }
      const rows = await query
        .orderBy('users.display_name')
        .orderBy('users.id')
        .limit(ids ? PEOPLE_LOOKUP_IDS_MAX : PEOPLE_LOOKUP_MAX)
        .execute();
      return rows.map((row) => ({ ID: row.id, displayName: row.display_name, userName: row.user_name }));
    },
  );
};
