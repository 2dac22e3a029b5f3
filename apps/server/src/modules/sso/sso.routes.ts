import formbody from '@fastify/formbody';
import type { FastifyPluginAsyncZod, ZodTypeProvider } from 'fastify-type-provider-zod';
import type { FastifyError, FastifyRequest } from 'fastify';
import { z } from 'zod';
import {
  apiErrorSchema,
  identityProviderSettingsSchema,
  loginResultSchema,
  samlLoginBodySchema,
  samlTokenSchema,
  ssoFacilitiesQuerySchema,
  ssoFacilitiesSchema,
  ssoLoginFormSchema,
} from '@hasp/contracts';
import type { AppContext } from '../../app-context';
import { AppError } from '../../plugins/app-error';
import { type ClientInfo, insertAuthEvent, deliverSession, registerRefreshCookie } from '../auth';
import { parseRelayState } from './saml-reauthentication';
import { SAML_BODY_LIMIT } from './saml-xml-guard';
import { identityProviderSettings } from './sso-settings';
import { SsoService } from './sso.service';

const tags = ['sso'];
const connectionQuery = z.object({ connectionStringName: z.string().max(100).optional() });
const errors = { 400: apiErrorSchema, 401: apiErrorSchema, 404: apiErrorSchema, 413: apiErrorSchema };
const clientOf = (request: FastifyRequest): ClientInfo => ({
  ip: request.ip,
  userAgent: request.headers['user-agent'] ?? null,
});
/** The identity provider's HTML form (SAML HTTP-POST binding): RelayState carries the connection name. */
const samlFormSchema = z.object({ SAMLResponse: z.string().min(1), RelayState: z.string().max(200).optional() });
const isForm = (request: FastifyRequest) =>
  (request.headers['content-type'] ?? '').startsWith('application/x-www-form-urlencoded');
const loginUrl = (query: Record<string, string>) => `/login?${new URLSearchParams(query).toString()}`;

/** SAML 2.0 single sign-on (seed section 7: saml/*, stiluser/getactivefacilitiesforssouser, the SSO login). */
export const ssoRoutes: FastifyPluginAsyncZod<AppContext> = async (app, ctx) => {
  await registerRefreshCookie(app);
  const sso = new SsoService(ctx.registry, ctx.auth, () => ctx.clock.now(), ctx.events);
  const connectionOf = (name: string | undefined) => sso.connection(name, ctx.config.defaultConnection);

  app.get(
    '/saml/idpgetsettings',
    {
      schema: {
        tags,
        summary: 'Identity-provider settings: whether the login screen uses single sign-on',
        querystring: connectionQuery,
        response: { 200: identityProviderSettingsSchema, 404: apiErrorSchema },
      },
    },
    (request) => identityProviderSettings(connectionOf(request.query.connectionStringName)),
  );

  app.get(
    '/saml/login',
    {
      schema: {
        tags,
        summary: 'Starts single sign-on: redirects to the identity provider with an AuthnRequest',
        querystring: connectionQuery,
        response: { 404: apiErrorSchema },
      },
    },
    async (request, reply) => {
      const url = await sso.loginRedirect(connectionOf(request.query.connectionStringName));
      return reply.header('cache-control', 'no-store').redirect(url, 302);
    },
  );

  app.get(
    '/saml/metadata/:connectionStringName',
    {
      schema: {
        tags,
        summary: "The service provider's SAML metadata for a connection (entity ID, ACS URL); see docs/sso.md",
        params: z.object({ connectionStringName: z.string().max(100) }),
        response: { 200: z.string(), 404: apiErrorSchema },
      },
    },
    async (request, reply) => {
      const xml = await sso.metadata(ctx.auth.connection(request.params.connectionStringName));
      void reply.type('application/samlmetadata+xml; charset=utf-8');
      return xml;
    },
  );

  // Only this route reads HTML forms (the identity provider posts one), with its own size limit.
  await app.register(async (plugin) => {
    const acs = plugin.withTypeProvider<ZodTypeProvider>();
    await acs.register(formbody, { bodyLimit: SAML_BODY_LIMIT });
    acs.setErrorHandler(async (error: FastifyError, request, reply) => {
      if (error instanceof AppError) throw error;
      // Refused before the handler ran (too large, malformed): recorded like any SSO failure.
      const connection = ctx.registry.find(ctx.config.defaultConnection ?? '') ?? ctx.registry.all()[0];
      if (connection) {
        await insertAuthEvent(connection.db, {
          kind: 'sso_failed',
          ip: request.ip,
          detail: error.message.slice(0, 500),
        });
      }
      if (!isForm(request)) throw error;
      return reply.redirect(loginUrl({ ssoError: '1', connectionStringName: connection?.name ?? '' }), 303);
    });
    acs.post(
      '/saml/samllogin',
      {
        bodyLimit: SAML_BODY_LIMIT,
        schema: {
          tags,
          summary: "The assertion consumer service: checks the identity provider's SAML response",
          description:
            'The identity provider posts an HTML form (SAMLResponse, RelayState = connection name): the answer is ' +
            "a 303 (a RelayState `sign:…` answers a signing's forced login: back to the permit, decision 0059). Sign-in: " +
            'a 303 to /login?ssoToken=… (or ?ssoError=1). A JSON body { samlResponse, connectionStringName } ' +
            'gets { token } or 401 SSO_FAILED. The token works once, for 5 minutes. Bodies over 256 KB are refused.',
          consumes: ['application/json', 'application/x-www-form-urlencoded'],
          body: z.union([samlLoginBodySchema, samlFormSchema]),
          response: { 200: samlTokenSchema, ...errors },
        },
      },
      async (request, reply) => {
        const body = request.body;
        const form = 'SAMLResponse' in body;
        // A forced login for a purpose (a signature): its handler checks it and says where to go next.
        const relay = form ? parseRelayState(body.RelayState) : undefined;
        const relayConnection = relay && ctx.registry.find(relay.connectionName);
        if (form && relay && relayConnection) {
          const next = await relay.handler.accept({
            connection: relayConnection,
            samlResponse: body.SAMLResponse,
            key: relay.key,
            client: clientOf(request),
          });
          return reply.redirect(next, 303);
        }
        const name = form ? body.RelayState : body.connectionStringName;
        // A named connection must exist; no name means the default one.
        const connection = name
          ? ctx.registry.find(name)
          : (ctx.registry.find(ctx.config.defaultConnection ?? '') ?? ctx.registry.all()[0]);
        if (!connection && form) return reply.redirect(loginUrl({ ssoError: '1', connectionStringName: '' }), 303);
        if (!connection) throw new AppError('UNKNOWN_CONNECTION', 404, 'Unknown connection');
        const samlResponse = form ? body.SAMLResponse : body.samlResponse;
        try {
          const token = await sso.acceptResponse(connection, samlResponse, clientOf(request));
          if (!form) return { token };
          return reply.redirect(loginUrl({ ssoToken: token, connectionStringName: connection.name }), 303);
        } catch (error) {
          if (!form) throw error;
          request.log.warn({ err: error }, 'single sign-on refused');
          return reply.redirect(loginUrl({ ssoError: '1', connectionStringName: connection.name }), 303);
        }
      },
    );
  });

  app.get(
    '/stiluser/getactivefacilitiesforssouser',
    {
      schema: {
        tags,
        summary: 'The active facilities the single sign-on user may sign in to (the token is not used up)',
        querystring: ssoFacilitiesQuerySchema,
        response: { 200: ssoFacilitiesSchema, ...errors },
      },
    },
    async (request) => {
      const connection = ctx.registry.find(request.query.connectionStringName);
      if (!connection) throw AppError.unauthenticated('The single sign-on token is not valid', 'SSO_TOKEN_INVALID');
      return { facilities: await sso.facilitiesForToken(connection, request.query.token) };
    },
  );

  app.post(
    '/login/sso',
    {
      config: { rateLimit: { max: ctx.config.loginMaxPerAddressPerMinute, timeWindow: 60_000 } },
      schema: {
        tags,
        summary: 'Sign in with a single sign-on token (connection name, facility id, token): uses the token up',
        body: ssoLoginFormSchema,
        response: { 200: loginResultSchema, ...errors },
      },
    },
    async (request, reply) => {
      const result = await sso.login(request.body, clientOf(request));
      return deliverSession(request, reply, result, { maxAgeSec: ctx.config.refreshTokenTtlSec });
    },
  );
};
