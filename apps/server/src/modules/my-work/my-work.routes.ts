import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { apiErrorSchema, myWorkSchema, supervisorWorklists, worklistsFor } from '@hasp/contracts';
import type { AppContext } from '../../app-context';
import { contextOf } from '../../platform';
import { indexScopeOf } from '../permits';
import { countWorklists } from './my-work-worklists';
import { listMyLocksOn, listMyPermits } from './my-work.repository';
import { myWorkItems } from './my-work.service';

const tags = ['my-work'];
const security = [{ bearer: [] }];
const errors = { 400: apiErrorSchema, 401: apiErrorSchema, 403: apiErrorSchema };

/**
 * "My work today": read-only, for the caller only, in their facility. No permission beyond sign-in:
 * every permit is scoped by `permit:view:<CODE>` like the index (none held: nothing), and the
 * worklists are only those the caller may act on (approve, issue).
 */
export const myWorkRoutes: FastifyPluginAsyncZod<AppContext> = async (app) => {
  app.get(
    '/my-work',
    {
      schema: {
        tags,
        security,
        summary:
          "The caller's work today: permits they hold, crews they are on, their locks still on, each with its next step; and their approval and issue worklists' counts",
        response: { 200: myWorkSchema, ...errors },
      },
    },
    async (request) => {
      const db = contextOf(request).connection.db;
      const scope = await indexScopeOf(request);
      if (!scope.viewTypeIds.length) return { items: [], worklists: [] };
      const offered = worklistsFor({
        view: true,
        approve: scope.approveTypeIds.length > 0,
        issue: scope.issueTypeIds.length > 0,
      }).filter((list) => (supervisorWorklists as readonly string[]).includes(list));
      const [permits, locks, worklists] = await Promise.all([
        listMyPermits(db, scope),
        listMyLocksOn(db, scope),
        countWorklists(db, scope, offered),
      ]);
      return { items: myWorkItems(permits, locks), worklists };
    },
  );
};
