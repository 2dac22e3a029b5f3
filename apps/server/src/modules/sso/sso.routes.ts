import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { identityProviderSettingsSchema } from '@hasp/contracts';
import type { AppContext } from '../../app-context';
import { identityProviderSettings } from './sso.service';

export const ssoRoutes: FastifyPluginAsyncZod<AppContext> = async (app) => {
  app.get(
    '/saml/idpgetsettings',
    {
      schema: {
        tags: ['sso'],
        summary: 'Identity-provider settings: whether the login screen uses single sign-on',
        querystring: z.object({ connectionStringName: z.string().max(100).optional() }),
        response: { 200: identityProviderSettingsSchema },
      },
    },
    () => identityProviderSettings(),
  );
};
