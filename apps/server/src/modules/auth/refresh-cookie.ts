import cookie from '@fastify/cookie';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { LoginResult } from '@hasp/contracts';
import { AppError } from '../../plugins/app-error';
import type { OpenedSession } from './auth.service';

/**
 * The browser keeps its refresh token in an HttpOnly, SameSite=Strict cookie scoped to
 * /api/auth, so page scripts never see it and a reload can resume the session. The cookie is
 * Secure whenever the request came over TLS (directly, or through a proxy in HASP_TRUST_PROXY).
 */
export const REFRESH_COOKIE = 'hasp_rt';
const PATH = '/api/auth';

/**
 * Cookie parsing and writing for the routes of one plugin (sign-in, refresh, sign-out, SSO): the
 * only ones that use cookies. Registered there rather than on the whole app, so every other
 * request skips @fastify/cookie's onRequest and onSend hooks (measured by the health-route and authenticated-read benches of bench/run.ts).
 */
export async function registerRefreshCookie(app: FastifyInstance): Promise<void> {
  await app.register(cookie);
}

export function setRefreshCookie(request: FastifyRequest, reply: FastifyReply, token: string, maxAgeSec: number): void {
  void reply.setCookie(REFRESH_COOKIE, token, {
    path: PATH,
    httpOnly: true,
    sameSite: 'strict',
    secure: request.protocol === 'https',
    maxAge: maxAgeSec,
  });
}

export function clearRefreshCookie(reply: FastifyReply): void {
  void reply.clearCookie(REFRESH_COOKIE, { path: PATH });
}

/**
 * A browser: browsers send Origin on every POST and Sec-Fetch-* on every fetch, and page script
 * can neither set nor remove these headers, so a script injected into the page cannot pass for an
 * API client and read the refresh token.
 */
function isBrowser(request: FastifyRequest): boolean {
  const { headers } = request;
  return (
    headers.origin !== undefined || headers['sec-fetch-site'] !== undefined || headers['sec-fetch-mode'] !== undefined
  );
}

/**
 * Sets the refresh cookie and returns what the response body may carry: browsers, and any client
 * that presented its refresh token in the cookie, get it only in the HttpOnly cookie; API clients
 * (no Origin, no Sec-Fetch-*) also in the body, since they keep it themselves.
 * See docs/decisions/0016-refresh-token-delivery.md.
 */
export function deliverSession(
  request: FastifyRequest,
  reply: FastifyReply,
  result: OpenedSession,
  options: { maxAgeSec: number; presentedInCookie?: boolean },
): LoginResult {
  setRefreshCookie(request, reply, result.refreshToken, options.maxAgeSec);
  if (!options.presentedInCookie && !isBrowser(request)) return result;
  const { refreshToken: _cookieOnly, ...body } = result;
  return body;
}

/** The host the Origin header names; refuses `null` (sandboxed or privacy-redirected pages) and malformed values. */
function originHost(origin: string): string {
  if (origin === 'null') throw new AppError('FORBIDDEN', 403, 'Cross-site request refused: the page has no origin');
  if (!URL.canParse(origin)) {
    throw new AppError('VALIDATION_FAILED', 400, 'The Origin header is not a valid origin', [
      { field: 'origin', message: 'Expected scheme://host[:port]' },
    ]);
  }
  return new URL(origin).host;
}

/**
 * The refresh token from the body, else from the cookie. A cookie is only honoured on a
 * same-origin request: cross-site pages can neither rotate nor end someone's session.
 */
export function refreshTokenOf(request: FastifyRequest, bodyToken: string | undefined): string | undefined {
  if (bodyToken) return bodyToken;
  const cookie = request.cookies[REFRESH_COOKIE];
  if (!cookie) return undefined;
  const site = request.headers['sec-fetch-site'];
  const origin = request.headers.origin;
  // request.host follows X-Forwarded-Host only from a trusted proxy, so it is the host the browser used.
  const crossSite =
    (site !== undefined && site !== 'same-origin' && site !== 'none') ||
    (origin !== undefined && originHost(origin) !== request.host);
  if (crossSite) throw new AppError('FORBIDDEN', 403, 'Cross-site request refused');
  return cookie;
}
