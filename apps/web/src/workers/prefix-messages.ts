import { prefixesResponseSchema } from '@hasp/contracts';

/*
 * The background worker of the seed (section 7): it is given the API base, the connection name,
 * the facility id and the token, and returns the prefixes keyed by permit type code. The message
 * handling lives here, apart from the worker's global scope, so it can be tested directly.
 */

/** What the page asks the worker. */
export interface PrefixRequest {
  type: 'prefixes';
  requestId: number;
  /** Absolute, ending with '/': e.g. `https://hasp.example/api/`. */
  apiBase: string;
  connectionStringName: string;
  facilityId: number;
  token: string;
}

/** What the worker answers: the prefixes, or why it has none (status 0 when the request never got an answer). */
export type PrefixReply =
  | { type: 'prefixes'; requestId: number; prefixes: Record<string, string> }
  | { type: 'error'; requestId: number; status: number; message: string };

function isPrefixRequest(data: unknown): data is PrefixRequest {
  if (typeof data !== 'object' || data === null) return false;
  const d = data as Record<string, unknown>;
  return (
    d.type === 'prefixes' &&
    typeof d.requestId === 'number' &&
    typeof d.apiBase === 'string' &&
    typeof d.connectionStringName === 'string' &&
    typeof d.facilityId === 'number' &&
    typeof d.token === 'string'
  );
}

/** The URL of the prefixes call for a request. */
export function prefixesUrl(request: Pick<PrefixRequest, 'apiBase' | 'connectionStringName' | 'facilityId'>): string {
  const query = new URLSearchParams({
    connectionStringName: request.connectionStringName,
    facilityId: String(request.facilityId),
  });
  return `${request.apiBase}numbering/prefixes?${query.toString()}`;
}

async function messageOf(response: Response): Promise<string> {
  const text = await response.text().catch(() => '');
  try {
    const body = JSON.parse(text) as { message?: unknown };
    if (typeof body.message === 'string' && body.message) return body.message;
  } catch {
    // Not JSON: the text itself, else the status line.
  }
  return text.trim() || response.statusText || `Request failed with status ${response.status}`;
}

/**
 * Answers one message: fetches the prefixes with the given token (credentials sent, as every call
 * of the seed) and replies with them or with the failure. Anything that is not a prefix request
 * gets no reply (null).
 */
export async function handlePrefixMessage(data: unknown, fetchImpl: typeof fetch): Promise<PrefixReply | null> {
  if (!isPrefixRequest(data)) return null;
  const { requestId } = data;
  try {
    const response = await fetchImpl(prefixesUrl(data), {
      headers: { accept: 'application/json', authorization: `Bearer ${data.token}` },
      credentials: 'include',
    });
    if (!response.ok) return { type: 'error', requestId, status: response.status, message: await messageOf(response) };
    const parsed = prefixesResponseSchema.safeParse(await response.json().catch(() => undefined));
    if (!parsed.success) {
      return {
        type: 'error',
        requestId,
        status: response.status,
        message: 'The server sent prefixes in an unknown shape.',
      };
    }
    return { type: 'prefixes', requestId, prefixes: parsed.data.prefixes };
  } catch (error) {
    return { type: 'error', requestId, status: 0, message: error instanceof Error ? error.message : String(error) };
  }
}
