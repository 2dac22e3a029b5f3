import { apiUrl, refreshSession, type QueryValue } from '../../../lib/http';
import { authSession } from '../../../lib/auth-session';

/**
 * POSTs a file's bytes as the request body (lib/http sends JSON only), with the bearer token and
 * one retry after renewing the session on a 401. Answers the raw response; the caller reads it.
 */
export async function postFile(path: string, file: Blob, query: Record<string, QueryValue>): Promise<Response> {
  const attempt = (token: string | null) =>
    fetch(apiUrl(path, 'POST', query), {
      method: 'POST',
      // Never text/csv or text/plain: the server tells the type from the content, and a text type
      // would reach it parsed as a string instead of the bytes as uploaded.
      headers: {
        accept: 'application/json',
        'content-type': 'application/octet-stream',
        ...(token ? { authorization: `Bearer ${token}` } : {}),
      },
      body: file,
      credentials: 'include',
    });
  const sent = authSession.getToken();
  const response = await attempt(sent);
  if (response.status !== 401) return response;
  await refreshSession().catch(() => undefined);
  const renewed = authSession.getToken();
  return renewed && renewed !== sent ? attempt(renewed) : response;
}
