import { apiUrl, authorizedFetch, refreshSession, type QueryValue } from '../../../lib/http';
import { authSession } from '../../../lib/auth-session';

/**
 * Sends a file's bytes as the request body (lib/http sends JSON only), with the bearer token and
 * one retry after renewing the session on a 401. Answers the raw response; the caller reads it.
 */
export async function sendBytes(
  path: string,
  method: 'POST' | 'PUT',
  body: Blob,
  query: Record<string, QueryValue>,
): Promise<Response> {
  const attempt = (token: string | null) =>
    fetch(apiUrl(path, method, query), {
      method,
      // Never text/plain or a CSV type: the server reads the type from the content, and a text
      // type would be parsed as a string instead of kept as bytes.
      headers: {
        accept: 'application/json',
        'content-type': 'application/octet-stream',
        ...(token ? { authorization: `Bearer ${token}` } : {}),
      },
      body,
      credentials: 'include',
    });
  const sent = authSession.getToken();
  const response = await attempt(sent);
  if (response.status !== 401) return response;
  await refreshSession().catch(() => undefined);
  const renewed = authSession.getToken();
  return renewed && renewed !== sent ? attempt(renewed) : response;
}

/** A GET that answers bytes (a photo, a file): fetched with the token, since an <img> or link cannot send it. */
export const fetchBytes = (path: string, query?: Record<string, QueryValue>) =>
  authorizedFetch(path, { query, headers: { accept: '*/*' } });
