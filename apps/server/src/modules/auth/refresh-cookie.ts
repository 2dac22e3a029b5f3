import type { FastifyReply, FastifyRequest } from 'fastify';
import { AppError } from '../../plugins/app-error';

/**
 * The browser keeps its refresh token in an HttpOnly, SameSite=Strict cookie scoped to
 * /api/auth, so page scripts never see it and a reload can resume the session.
 */
export const REFRESH_COOKIE = 'hasp_rt';
const PATH = '/api/auth';

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
 * The refresh token from the body, else from the cookie. A cookie is only honoured on a
 * same-origin request: cross-site pages can neither rotate nor end someone's session.
 */
export function refreshTokenOf(request: FastifyRequest, bodyToken: string | undefined): string | undefined {
  if (bodyToken) return bodyToken;
  const cookie = request.cookies[REFRESH_COOKIE];
  if (!cookie) return undefined;
  const site = request.headers['sec-fetch-site'];
  const origin = request.headers.origin;
  const host = request.headers.host;
  const crossSite =
    (site !== undefined && site !== 'same-origin' && site !== 'none') ||
    (origin !== undefined && new URL(origin).host !== host);
  if (crossSite) throw new AppError('FORBIDDEN', 403, 'Cross-site request refused');
  return cookie;
}
