import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { apiErrorSchema, loginPageDataSchema } from '@hasp/contracts';
import type { AppContext } from '../../app-context';
import { listFacilities } from '../facilities';
import { identityProviderSettings } from '../sso';

/** What the login screen needs before anyone is signed in. */
export const loginRoutes: FastifyPluginAsyncZod<AppContext> = async (app, ctx) => {
  app.get(
    '/login/connections',
    {
      schema: {
        tags: ['login'],
        summary: 'The connection string names a user can sign in to',
        response: { 200: z.object({ connectionStringNames: z.array(z.string()) }) },
      },
    },
    () => ({ connectionStringNames: ctx.registry.names() }),
  );

  app.get(
    '/login/pagedata',
    {
      schema: {
        tags: ['login'],
        summary: 'Login page data: connections, the default connection and facility, its facilities, SSO settings',
        querystring: z.object({ connectionStringName: z.string().max(100).optional() }),
        response: { 200: loginPageDataSchema, 404: apiErrorSchema },
      },
    },
    async (request) => {
      const names = ctx.registry.names();
      const wanted = request.query.connectionStringName || ctx.config.defaultConnection || names[0];
      const connection = wanted ? ctx.auth.connection(wanted) : undefined;
      const facilities = connection ? await listFacilities(connection.db, { activeOnly: true }) : [];
      return {
        connectionStringNames: names,
        defaultConnectionStringName: connection?.name ?? null,
        defaultFacilityId: facilities[0]?.ID ?? null,
        facilities,
        identityProviderSettings: connection
          ? await identityProviderSettings(connection)
          : { useSSO: false, stilUseSSO: false, spAPIRedirect: '' },
        ssoToken: null,
      };
    },
  );
};
