import {
  apiErrorSchema,
  errorCodeByStatus,
  loginResultSchema,
  type ApiError,
  type ErrorCode,
  type LoginResult,
} from '@hasp/contracts';
import type { z } from 'zod';
import { authSession } from './auth-session';

/** Every call goes to the same origin under this prefix. */
export const API_BASE = '/api/';

/** How long a token refresh may take before it counts as failed (a hung request must not hold the lock). */
const REFRESH_TIMEOUT_MS = 30_000;
/** Web Locks name: tabs share the refresh cookie, so only one may rotate it at a time. */
const REFRESH_LOCK = 'hasp:token-refresh';

/** A failed API call: the HTTP status and the server's `{ code, message, details? }`. */
export class ApiRequestError extends Error {
  override readonly name = 'ApiRequestError';

  constructor(
    readonly status: number,
    readonly error: ApiError,
    /** The raw body when it was not the standard error shape (shown by the later toast handler). */
    readonly body?: unknown,
  ) {
    super(error.message);
  }

  get code(): ErrorCode {
    return this.error.code;
  }
}

export type QueryValue = string | number | boolean | null | undefined;

export interface RequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  query?: Record<string, QueryValue>;
  /** Sent as JSON. */
  body?: unknown;
  signal?: AbortSignal;
}

/**
 * Builds `/api/<path>?<query>`. Undefined values are left out; null ones too, except for POST and
 * PUT, where the seed sends them as empty strings.
 * @example apiUrl('stilFacility/getRecords', 'GET', { activeRecord: true, connectionStringName: 'Demo' })
 */
export function apiUrl(path: string, method: string, query?: Record<string, QueryValue>): string {
  const url = API_BASE + path.replace(/^\/+/, '');
  if (!query) return url;
  const params = new URLSearchParams();
  const nullAsEmpty = method === 'POST' || method === 'PUT';
  for (const [key, value] of Object.entries(query)) {
    if (value === undefined || (value === null && !nullAsEmpty)) continue;
    params.append(key, value === null ? '' : String(value));
  }
  const search = params.toString();
  return search ? `${url}?${search}` : url;
}

/** A 401 from these means "wrong credentials" or "session over", never "renew the token and retry". */
function skipsRefresh(path: string): boolean {
  return /login|tokenrefresh|isValidPassword/i.test(path);
}

function send(path: string, options: RequestOptions, token: string | null): Promise<Response> {
  const method = options.method ?? 'GET';
  const headers: Record<string, string> = { accept: 'application/json' };
  if (options.body !== undefined) headers['content-type'] = 'application/json';
  if (token) headers.authorization = `Bearer ${token}`;
  return fetch(apiUrl(path, method, options.query), {
    method,
    headers,
    body: options.body === undefined ? undefined : JSON.stringify(options.body),
    credentials: 'same-origin',
    signal: options.signal,
  });
}

/** Turns a failed response into an ApiRequestError, whatever its body. */
export async function toApiError(response: Response): Promise<ApiRequestError> {
  const text = await response.text().catch(() => '');
  let body: unknown = text;
  try {
    body = JSON.parse(text);
  } catch {
    // Not JSON: keep the text.
  }
  const parsed = apiErrorSchema.safeParse(body);
  if (parsed.success) return new ApiRequestError(response.status, parsed.data);
  const message = text.trim() || response.statusText || `Request failed with status ${response.status}`;
  const code = errorCodeByStatus[response.status] ?? (response.status >= 500 ? 'INTERNAL' : 'VALIDATION_FAILED');
  return new ApiRequestError(response.status, { code, message }, body);
}

async function readResponse<T>(response: Response, schema: z.ZodType<T> | undefined): Promise<T | undefined> {
  if (!response.ok) throw await toApiError(response);
  if (!schema) return undefined;
  const data: unknown = await response.json().catch(() => undefined);
  const parsed = schema.safeParse(data);
  if (!parsed.success) {
    console.error(`Unexpected response from ${response.url}`, parsed.error.issues);
    throw new ApiRequestError(
      response.status,
      { code: 'INTERNAL', message: 'The server sent an answer this page does not understand. Reload the page.' },
      data,
    );
  }
  return parsed.data;
}

async function withLock<T>(name: string, task: () => Promise<T>): Promise<T> {
  const locks = typeof navigator !== 'undefined' && 'locks' in navigator ? navigator.locks : undefined;
  return locks ? locks.request(name, task) : task();
}

let refreshInFlight: Promise<LoginResult> | null = null;

/**
 * Renews the session with the HttpOnly refresh cookie. Concurrent callers share one request, and a
 * Web Lock keeps other tabs from rotating the same cookie at the same time. A 401 ends the session;
 * other failures (network, 5xx, timeout) leave it as it is.
 */
export function refreshSession(): Promise<LoginResult> {
  refreshInFlight ??= withLock(REFRESH_LOCK, async () => {
    const response = await fetch(`${API_BASE}auth/tokenrefresh`, {
      method: 'POST',
      headers: { accept: 'application/json', 'content-type': 'application/json' },
      body: '{}',
      credentials: 'same-origin',
      signal: AbortSignal.timeout(REFRESH_TIMEOUT_MS),
    });
    return (await readResponse(response, loginResultSchema)) as LoginResult;
  })
    .then(
      (result) => {
        authSession.start(result);
        return result;
      },
      (error: unknown) => {
        if (error instanceof ApiRequestError && error.status === 401) authSession.end('expired');
        throw error;
      },
    )
    .finally(() => {
      refreshInFlight = null;
    });
  return refreshInFlight;
}

/**
 * The token to retry a 401 with (the seed's section 4): wait for a running refresh; else use a newer
 * token another request already obtained; else refresh once. Throws when no token can be had.
 */
async function tokenForRetry(sentToken: string | null, unauthorized: Response): Promise<string | null> {
  const { session, endReason } = authSession.getState();
  const current = session?.token ?? null;
  if (!refreshInFlight && current !== null && current !== sentToken) return current;
  // The session already ended (signed out, or the refresh token was refused): nothing to renew.
  if (!refreshInFlight && !session && endReason !== null) throw await toApiError(unauthorized);
  try {
    await (refreshInFlight ?? refreshSession());
  } catch (error) {
    if (error instanceof ApiRequestError && error.status === 401) throw await toApiError(unauthorized);
    throw error;
  }
  return authSession.getToken();
}

/**
 * Calls the API: JSON in and out, the bearer token when one is held, the response checked against
 * `schema`. On a 401 the token is renewed once (one refresh for any number of concurrent 401s) and
 * the request retried once. Failures throw ApiRequestError.
 * @example const facilities = await apiRequest('stilFacility/getRecords', { query, schema });
 */
export async function apiRequest<T>(path: string, options: RequestOptions & { schema: z.ZodType<T> }): Promise<T>;
export async function apiRequest(path: string, options?: RequestOptions): Promise<void>;
export async function apiRequest<T>(
  path: string,
  options: RequestOptions & { schema?: z.ZodType<T> } = {},
): Promise<T | undefined> {
  const sentToken = authSession.getToken();
  let response = await send(path, options, sentToken);
  if (response.status === 401 && !skipsRefresh(path)) {
    const token = await tokenForRetry(sentToken, response);
    response = await send(path, options, token);
  }
  return readResponse(response, options.schema);
}
