import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { apiErrorSchema, loginFormSchema, loginResultSchema, meSchema, tokenRefreshBodySchema } from '@hasp/contracts';
import type { FastifyRequest } from 'fastify';
import { AppError } from '../../plugins/app-error';
import { contextOf } from '../../platform';
import type { AppContext } from '../../app-context';
import { findFacilityById } from '../facilities';
import { findFacilityUserById } from '../users';
import type { ClientInfo } from './auth.service';
import { clearRefreshCookie, deliverSession, refreshTokenOf, registerRefreshCookie } from './refresh-cookie';

const clientOf = (request: FastifyRequest): ClientInfo => ({
  ip: request.ip,
  userAgent: request.headers['user-agent'] ?? null,
});
const errors = {
  400: apiErrorSchema,
  401: apiErrorSchema,
  403: apiErrorSchema,
  404: apiErrorSchema,
  429: apiErrorSchema,
};

/** Sign-in, token refresh, sign-out and "who am I". */
export const authRoutes: FastifyPluginAsyncZod<AppContext> = async (app, ctx) => {
  await registerRefreshCookie(app);
  app.post(
    '/login',
    {
      config: { rateLimit: { max: ctx.config.loginMaxPerAddressPerMinute, timeWindow: 60_000 } },
      schema: {
        tags: ['auth'],
        summary: 'Sign in to a connection and facility',
        description:
          "Active Directory users are checked against the connection's directory (ldap.* settings); when it cannot be reached the answer is 503 DIRECTORY_UNAVAILABLE. " +
          'The refresh token is set in an HttpOnly cookie; the body carries it only for API clients (no Origin and no Sec-Fetch-* header).',
        body: loginFormSchema,
        response: { 200: loginResultSchema, ...errors, 503: apiErrorSchema },
      },
    },
    async (request, reply) => {
      const result = await ctx.auth.login(request.body, clientOf(request));
      return deliverSession(request, reply, result, { maxAgeSec: ctx.config.refreshTokenTtlSec });
    },
  );

  app.post(
    '/auth/tokenrefresh',
    {
      config: { rateLimit: { max: ctx.config.loginMaxPerAddressPerMinute * 5, timeWindow: 60_000 } },
      schema: {
        tags: ['auth'],
        summary: 'Rotate a refresh token: returns a new access token and a new refresh token',
        description:
          'The refresh token comes from the body or, for browsers, the HttpOnly cookie. Each token works once. ' +
          'The new refresh token is set in the cookie; the body carries it only for API clients (a request with ' +
          'no Origin and no Sec-Fetch-* header that presented its token in the body).',
        body: tokenRefreshBodySchema,
        response: { 200: loginResultSchema, ...errors },
      },
    },
    async (request, reply) => {
      const token = refreshTokenOf(request, request.body?.refreshToken);
      if (!token) throw AppError.unauthenticated('No refresh token', 'REFRESH_TOKEN_INVALID');
      try {
        const result = await ctx.auth.refresh(token, clientOf(request));
        return deliverSession(request, reply, result, {
          maxAgeSec: ctx.config.refreshTokenTtlSec,
          presentedInCookie: !request.body?.refreshToken,
        });
      } catch (error) {
        if (error instanceof AppError && error.statusCode === 401 && !request.body?.refreshToken)
          clearRefreshCookie(reply);
        throw error;
      }
    },
  );

  app.post(
    '/auth/logout',
    {
      schema: {
        tags: ['auth'],
        summary: 'Sign out: revokes the refresh-token family',
        body: tokenRefreshBodySchema,
        response: { 204: z.null(), 400: apiErrorSchema, 403: apiErrorSchema },
      },
    },
    async (request, reply) => {
      const token = refreshTokenOf(request, request.body?.refreshToken);
      if (token) await ctx.auth.logout(token, clientOf(request));
      clearRefreshCookie(reply);
      return reply.status(204).send(null);
    },
  );

  app.get(
    '/auth/me',
    {
      onRequest: ctx.requireAuth,
      schema: {
        tags: ['auth'],
        summary: 'The signed-in user, facility and connection',
        security: [{ bearer: [] }],
        response: { 200: meSchema, 401: apiErrorSchema },
      },
    },
    async (request) => {
      const auth = contextOf(request);
      const [user, facility] = await Promise.all([
        findFacilityUserById(auth.connection.db, auth.actor, auth.actor.userId),
        findFacilityById(auth.connection.db, auth.actor.facilityId),
      ]);
      if (!user || !facility) throw AppError.unauthenticated();
      return { user, facility, connectionStringName: auth.connection.name };
    },
  );
};
