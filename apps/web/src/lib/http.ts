import {
  apiRefusalSchema,
  errorCodeByStatus,
  loginResultSchema,
  sayIn,
  shellPlatform,
  type ApiRefusal,
  type ErrorCode,
  type LoginResult,
} from '@hasp/contracts';
import type * as z from 'zod/mini';
import { authSession } from './auth-session';
import { translate } from './captions';
import { networkState } from './network-state';
import { showToast } from './toast';

/** Every call goes to the same origin under this prefix. */
export const API_BASE = '/api/';

/** How long a token refresh may take before it counts as failed (a hung request must not hold the lock). */
const REFRESH_TIMEOUT_MS = 30_000;
/** Web Locks name: tabs share the refresh cookie, so only one may rotate it at a time. */
const REFRESH_LOCK = 'hasp:token-refresh';
/** Tabs tell each other about a new access token here (memory only, never web storage). */
const AUTH_CHANNEL = 'hasp:auth';
/** When a tab last rotated the cookie: a time, never a token. Read by a tab that waited for the lock. */
const REFRESHED_AT_KEY = 'hasp:tokenRefreshedAt';
/** How long a tab that waited for the lock waits for the other tab's message before refreshing itself. */
const BROADCAST_WAIT_MS = 1_000;
/** After a refresh fails for a passing reason, the next attempt waits 1 s, 2 s, 4 s … at most 60 s. */
const REFRESH_BACKOFF_FIRST_MS = 1_000;
const REFRESH_BACKOFF_MAX_MS = 60_000;
/** A server shedding load answers 503 with Retry-After: a wait up to this long is waited out, then one more try. */
const OVERLOAD_MAX_WAIT_MS = 30_000;
/** Up to this much on top, so requests refused together do not all come back in the same instant. */
const OVERLOAD_JITTER_MS = 1_000;

/** A failed API call: the HTTP status and the server's `{ code, message, details? }`. */
export class ApiRequestError extends Error {
  override readonly name = 'ApiRequestError';

  constructor(
    readonly status: number,
    readonly error: ApiRefusal,
    /** The raw body when it was not the standard error shape (the toast falls back to it). */
    readonly body?: unknown,
    /** The message the server itself sent, when it sent one. */
    readonly serverMessage?: string,
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
  /** Sent as JSON; a Blob (a file's bytes) or FormData goes as it is. */
  body?: unknown;
  signal?: AbortSignal;
  /** Extra request headers (for example `accept: text/event-stream`). */
  headers?: Record<string, string>;
  /** Told how much of the body has gone (0…1) while it uploads: the request goes by XMLHttpRequest (fetch cannot say). */
  onUploadProgress?: (fraction: number) => void;
}

/**
 * fetch's answer from an XMLHttpRequest, for uploads that show their progress (fetch has no upload
 * progress, and streaming a request body needs HTTP/2 in Chromium). Aborts with the signal.
 */
function sendWithProgress(
  url: string,
  init: { method: string; headers: Record<string, string>; body: XMLHttpRequestBodyInit | null },
  onProgress: (fraction: number) => void,
  signal?: AbortSignal,
): Promise<Response> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open(init.method, url);
    xhr.withCredentials = true;
    xhr.responseType = 'blob';
    for (const [name, value] of Object.entries(init.headers)) xhr.setRequestHeader(name, value);
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable && event.total > 0) onProgress(event.loaded / event.total);
    };
    xhr.onload = () => {
      const headers = new Headers();
      for (const line of xhr
        .getAllResponseHeaders()
        .trim()
        .split(/[\r\n]+/)) {
        const at = line.indexOf(':');
        if (at > 0) headers.append(line.slice(0, at).trim(), line.slice(at + 1).trim());
      }
      // A 204/304 answer may carry no body in a Response.
      const empty = [204, 205, 304].includes(xhr.status);
      resolve(new Response(empty ? null : (xhr.response as Blob), { status: xhr.status, headers }));
    };
    xhr.onerror = () => reject(new TypeError('Failed to fetch'));
    xhr.onabort = () => reject(new DOMException('The upload was cancelled', 'AbortError'));
    signal?.addEventListener('abort', () => xhr.abort(), { once: true });
    xhr.send(init.body);
  });
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

/** The seed's exclusion: errors of these calls go back to the caller untouched, with no toast. */
const passesErrorsThrough = (path: string) => /login|isValidPassword/i.test(path);
/** A 401 from these means "wrong credentials" or "session over", never "renew the token and retry". */
const skipsRefresh = (path: string) => passesErrorsThrough(path) || /tokenrefresh/i.test(path);

function send(path: string, options: RequestOptions, token: string | null): Promise<Response> {
  const { method = 'GET', body } = options;
  const json = body !== undefined && !(body instanceof Blob || body instanceof FormData);
  const headers: Record<string, string> = {
    accept: 'application/json',
    // Bytes go as octet-stream unless the caller names a type: the server tells a file's type from
    // its content, and a text type would reach it parsed as a string. FormData sets its own type.
    ...(body instanceof Blob && { 'content-type': 'application/octet-stream' }),
    ...(json && { 'content-type': 'application/json' }),
    ...options.headers,
    ...(token && { authorization: `Bearer ${token}` }),
  };
  const url = apiUrl(path, method, options.query);
  if (options.onUploadProgress) {
    const sent = json ? JSON.stringify(body) : ((body ?? null) as XMLHttpRequestBodyInit | null);
    return sendWithProgress(url, { method, headers, body: sent }, options.onUploadProgress, options.signal);
  }
  return fetch(url, {
    method,
    headers,
    body: json ? JSON.stringify(body) : (body as BodyInit | undefined),
    credentials: 'include',
    signal: options.signal,
  });
}

/**
 * May go again after a 503: the method is idempotent, or an Idempotency-Key makes the server apply a
 * replay once. A POST without a key (sign-in, the token refresh, a sync push) is left to its caller.
 */
function replayable(options: RequestOptions): boolean {
  const method = options.method ?? 'GET';
  if (method === 'GET' || method === 'PUT' || method === 'DELETE') return true;
  return Object.keys(options.headers ?? {}).some((name) => name.toLowerCase() === 'idempotency-key');
}

/**
 * The wait a 503 asks for in its Retry-After (seconds, or an HTTP date), or null: no wait asked, or
 * one longer than OVERLOAD_MAX_WAIT_MS (the caller hears it now instead of a page that seems stuck).
 */
export function overloadWaitMs(response: Response, now = Date.now()): number | null {
  if (response.status !== 503) return null;
  const header = response.headers.get('retry-after')?.trim();
  if (!header) return null;
  const ms = /^\d+$/.test(header) ? Number(header) * 1000 : Date.parse(header) - now;
  return Number.isFinite(ms) && ms <= OVERLOAD_MAX_WAIT_MS ? Math.max(0, ms) : null;
}

/** Resolves after `ms`, or rejects with the signal's reason when it aborts first. */
function waitUnlessAborted(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(signal.reason as Error);
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    function onAbort() {
      clearTimeout(timer);
      reject(signal!.reason as Error);
    }
    signal?.addEventListener('abort', onAbort, { once: true });
  });
}

/**
 * `send`, and once more when the server was too busy to take the request (503 with Retry-After,
 * decision 0091-load-shedding) and it may be replayed: after the wait asked for, plus a little
 * jitter. A request waits once in all: `overload.waited` is shared with its retry after a token
 * refresh, so a 503 after a wait comes back as it is (the error toast then says the server is busy).
 */
async function sendOrWaitOnce(
  path: string,
  options: RequestOptions,
  token: string | null,
  overload: { waited: boolean },
): Promise<Response> {
  const response = await send(path, options, token);
  const waitMs = !overload.waited && replayable(options) ? overloadWaitMs(response) : null;
  if (waitMs === null) return response;
  overload.waited = true;
  await response.body?.cancel().catch(() => undefined);
  await waitUnlessAborted(waitMs + Math.random() * OVERLOAD_JITTER_MS, options.signal);
  return send(path, options, token);
}

/** Turns a failed response into an ApiRequestError, whatever its body. */
export async function toApiError(response: Response): Promise<ApiRequestError> {
  const text = await response.text().catch(() => '');
  let body: unknown = text === '' ? undefined : text;
  try {
    body = JSON.parse(text);
  } catch {
    // Not JSON: keep the text.
  }
  // The refusal's shape is the error's with `said`: every failure reads with it.
  const parsed = apiRefusalSchema.safeParse(body);
  if (parsed.success) return new ApiRequestError(response.status, parsed.data, body, parsed.data.message);
  const said = (body as { message?: unknown } | null)?.message;
  const serverMessage = typeof said === 'string' && said ? said : undefined;
  const message =
    serverMessage ?? (text.trim() || response.statusText || `Request failed with status ${response.status}`);
  const code = errorCodeByStatus[response.status] ?? (response.status >= 500 ? 'INTERNAL' : 'VALIDATION_FAILED');
  return new ApiRequestError(response.status, { code, message }, body, serverMessage);
}

async function readResponse<T>(response: Response, schema: z.ZodMiniType<T> | undefined, blob?: boolean) {
  if (!response.ok) throw await toApiError(response);
  if (blob) return response.blob();
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

// ---------------------------------------------------------------------------------------------
// Token refresh: one per tab at a time (the seed's tokenRefreshing flag), one per browser at a time
// (Web Lock), and a tab that waited for another tab's refresh takes that tab's token instead of
// rotating the cookie again.

let refreshInFlight: Promise<LoginResult> | null = null;
let backoff: { until: number; attempts: number; error: Error } | null = null;
let lastBroadcast: { at: number; result: LoginResult } | null = null;
const broadcastWaiters = new Set<() => void>();
const channel = typeof BroadcastChannel === 'undefined' ? null : new BroadcastChannel(AUTH_CHANNEL);

interface RefreshedMessage {
  type: 'refreshed';
  at: number;
  result: LoginResult;
}

/** Another tab rotated the cookie: take its token if it is for the session this tab holds. */
function onBroadcast(message: RefreshedMessage): void {
  lastBroadcast = { at: message.at, result: message.result };
  const { session } = authSession.getState();
  const sameSession =
    session !== null &&
    session.user.ID === message.result.user.ID &&
    session.facility.ID === message.result.facility.ID &&
    session.connectionStringName === message.result.connectionStringName;
  if (sameSession && !refreshInFlight) authSession.start(message.result);
  for (const wake of broadcastWaiters) wake();
}

if (channel) {
  channel.onmessage = (event: MessageEvent<unknown>) => {
    const data = event.data as Partial<RefreshedMessage> | null;
    if (data?.type === 'refreshed' && typeof data.at === 'number' && data.result) onBroadcast(data as RefreshedMessage);
  };
  // Node (unit tests) would otherwise keep the process alive for the channel.
  (channel as { unref?: () => void }).unref?.();
}

function readRefreshedAt(): number {
  try {
    return Number(localStorage.getItem(REFRESHED_AT_KEY)) || 0;
  } catch {
    return 0;
  }
}

/** Tells the other tabs (inside the lock, so a tab waiting for it finds the mark). */
function announceRefresh(result: LoginResult): void {
  const at = Date.now();
  try {
    localStorage.setItem(REFRESHED_AT_KEY, String(at));
  } catch {
    // Storage unavailable: the other tabs refresh for themselves.
  }
  // The refresh token lives only in the HttpOnly cookie (the server never puts it in a browser's
  // body); the message carries only what a tab keeps in memory, whatever the answer held.
  const { refreshToken: _cookieOnly, ...inMemory } = result;
  channel?.postMessage({ type: 'refreshed', at, result: inMemory } satisfies RefreshedMessage);
}

/** The result another tab obtained after `since`, waiting briefly for its message if it is on the way. */
async function resultFromOtherTab(since: number): Promise<LoginResult | null> {
  if (readRefreshedAt() <= since) return null;
  if (!lastBroadcast || lastBroadcast.at <= since) {
    await new Promise<void>((resolve) => {
      const wake = () => {
        if (lastBroadcast && lastBroadcast.at > since) done();
      };
      const timer = setTimeout(() => done(), BROADCAST_WAIT_MS);
      function done() {
        clearTimeout(timer);
        broadcastWaiters.delete(wake);
        resolve();
      }
      broadcastWaiters.add(wake);
    });
  }
  return lastBroadcast && lastBroadcast.at > since ? lastBroadcast.result : null;
}

async function withLock<T>(name: string, task: () => Promise<T>): Promise<T> {
  const locks = typeof navigator !== 'undefined' && 'locks' in navigator ? navigator.locks : undefined;
  return locks ? locks.request(name, task) : task();
}

/** Whether the session can still be renewed: the HttpOnly cookie is invisible, so "not ended here". */
function mayHoldRefreshToken(): boolean {
  return authSession.getState().endReason === null;
}

/**
 * Renews the session with the HttpOnly refresh cookie. Concurrent callers share one request; a Web
 * Lock keeps tabs from rotating the cookie at the same time, and a tab that waited for the lock uses
 * the token the other tab just got. A 401 ends the session (the seed's step 5); other failures
 * (network, 5xx, timeout) leave it as it is and delay the next attempt (1 s, doubling, ≤ 60 s).
 */
export function refreshSession(): Promise<LoginResult> {
  if (refreshInFlight) return refreshInFlight;
  if (backoff && Date.now() < backoff.until) return Promise.reject(backoff.error);
  const requestedAt = Date.now();
  const attempt = withLock(REFRESH_LOCK, async () => {
    const adopted = await resultFromOtherTab(requestedAt);
    if (adopted) return adopted;
    // No bearer token: the HttpOnly cookie is the credential here.
    const response = await send(
      'auth/tokenrefresh',
      { method: 'POST', body: {}, signal: AbortSignal.timeout(REFRESH_TIMEOUT_MS) },
      null,
    );
    const result = (await readResponse(response, loginResultSchema)) as LoginResult;
    announceRefresh(result);
    return result;
  });
  refreshInFlight = attempt.then(
    (result) => {
      backoff = null;
      refreshInFlight = null;
      authSession.start(result);
      return result;
    },
    (error: unknown) => {
      refreshInFlight = null;
      if (error instanceof ApiRequestError && error.status === 401) {
        backoff = null;
        authSession.end('expired');
      } else {
        const attempts = (backoff?.attempts ?? 0) + 1;
        const wait = Math.min(REFRESH_BACKOFF_FIRST_MS * 2 ** (attempts - 1), REFRESH_BACKOFF_MAX_MS);
        backoff = {
          until: Date.now() + wait,
          attempts,
          error: error instanceof Error ? error : new Error(String(error)),
        };
      }
      throw error;
    },
  );
  return refreshInFlight;
}

/** Whether a refresh is running in this tab (the seed's tokenRefreshing flag). */
export const isRefreshingToken = (): boolean => refreshInFlight !== null;

type RetryDecision = { retry: true; token: string | null } | { retry: false };

/** After waiting for a refresh: retry with its token, or not at all when the session ended (R2). */
async function afterRefresh(refresh: Promise<LoginResult>): Promise<RetryDecision> {
  await refresh.catch((error: unknown) => {
    // A refresh that failed for a passing reason: the caller gets that failure (a retry with the
    // same stale token could only be refused again).
    if (!(error instanceof ApiRequestError && error.status === 401)) throw error;
  });
  const { session } = authSession.getState();
  return session ? { retry: true, token: session.token } : { retry: false };
}

/**
 * The seed's 401 procedure (section 4), for a request sent with `sentToken`:
 * 1. a refresh is running: wait for it, then retry; 2. a newer token is held: retry with it;
 * 3. the session can be renewed and no refresh runs: refresh, then retry; 4. otherwise retry as is.
 * Step 5 (a 401 from the refresh itself ends the session) lives in refreshSession; requests that
 * waited for that refresh are not retried, since nobody is signed in any more (quality bar R2).
 */
export async function decideRetry(sentToken: string | null): Promise<RetryDecision> {
  if (refreshInFlight) return afterRefresh(refreshInFlight);
  const current = authSession.getToken();
  if (current !== sentToken && current !== null) return { retry: true, token: current };
  if (mayHoldRefreshToken()) return afterRefresh(refreshSession());
  return { retry: true, token: sentToken };
}

/**
 * Sends a request to the API with the bearer token and the seed's 401 procedure; a request is
 * retried at most once, so a second 401 comes back as it is. A replayable request the server shed
 * (503 with Retry-After) goes once more after the wait (sendOrWaitOnce), and waits so once at most,
 * before or after a token refresh. Returns the raw response, with no error handling (streams use it;
 * everything else goes through apiRequest).
 */
export async function authorizedFetch(path: string, options: RequestOptions = {}): Promise<Response> {
  const sentToken = authSession.getToken();
  const overload = { waited: false };
  const response = await sendOrWaitOnce(path, options, sentToken, overload);
  if (response.status !== 401 || skipsRefresh(path)) return response;
  const decision = await decideRetry(sentToken);
  if (!decision.retry) return response;
  await response.body?.cancel().catch(() => undefined);
  return sendOrWaitOnce(path, options, decision.token, overload);
}

// ---------------------------------------------------------------------------------------------
// Error toasts (the seed's section 8)

const isAbort = (error: unknown) => error instanceof DOMException && error.name === 'AbortError';

/**
 * What the toast says: the server's message (a shared rule's refusal in the reader's language, by
 * its `said`), else the error body, else the error's own message.
 */
export function toastTextFor(error: unknown): string {
  if (error instanceof ApiRequestError) {
    if (error.serverMessage) return sayIn(error.error.said, error.serverMessage, translate);
    if (error.body !== undefined && error.body !== '') {
      return typeof error.body === 'string' ? error.body : JSON.stringify(error.body);
    }
  }
  return error instanceof Error ? error.message : String(error);
}

/**
 * The seed's error rules: calls to login or isValidPassword pass their errors through; 401 belongs to
 * the refresh procedure and 422 stays silent; any other HTTP error shows 'Error code: {status}'. A
 * network failure counts as status 0, except while offline (the OFFLINE banner says it already).
 */
export function toastForError(path: string, error: unknown): void {
  if (passesErrorsThrough(path) || isAbort(error)) return;
  let status: number;
  if (error instanceof ApiRequestError) {
    status = error.status;
    if (status < 400 || status === 401 || status === 422) return;
  } else if (error instanceof TypeError || (error instanceof DOMException && error.name === 'TimeoutError')) {
    if (!networkState.isOnline()) return;
    status = 0;
  } else return;
  showToast({ title: translate(shellPlatform.errorCode, { status }), message: toastTextFor(error), tone: 'error' });
}

/** What apiRequest takes beyond the request itself. */
export interface ApiRequestOptions<T> extends RequestOptions {
  /** The answer's JSON is checked against it and returned. */
  schema?: z.ZodMiniType<T>;
  /** 'blob': the answer's bytes (a photo, a download) instead of JSON. */
  read?: 'blob';
  /** Failures the caller explains itself (a refused field, a conflict): thrown without the error toast. */
  quiet?: (error: unknown) => boolean;
}

/**
 * The one way the app calls the API: JSON, a Blob or FormData in; JSON (checked against `schema`),
 * bytes (`read: 'blob'`) or nothing out; the bearer token when one is held. On a 401 the seed's
 * refresh procedure runs (one refresh for any number of concurrent 401s, each request retried at
 * most once). Failures throw ApiRequestError after the toast rules, unless `quiet` claims them.
 * @example const facilities = await apiRequest('stilFacility/getRecords', { query, schema });
 * @example await apiRequest(`assets/${id}/photos`, { method: 'POST', body: file, schema, quiet: (e) => e instanceof ApiRequestError && e.status === 413 });
 */
export async function apiRequest<T>(
  path: string,
  options: ApiRequestOptions<T> & { schema: z.ZodMiniType<T> },
): Promise<T>;
export async function apiRequest(path: string, options: ApiRequestOptions<never> & { read: 'blob' }): Promise<Blob>;
export async function apiRequest(path: string, options?: ApiRequestOptions<never>): Promise<void>;
/** For wrappers that pass a schema through (the answer is T when they give one). */
export async function apiRequest<T>(path: string, options: Omit<ApiRequestOptions<T>, 'read'>): Promise<T | undefined>;
export async function apiRequest<T>(path: string, options: ApiRequestOptions<T> = {}): Promise<T | Blob | undefined> {
  const local = offlineSource?.(path, options);
  if (local) return answerLocally(path, local, options);
  try {
    const response = await authorizedFetch(path, options);
    return await readResponse(response, options.schema, !!options.read);
  } catch (error) {
    if (!options.quiet?.(error)) toastForError(path, error);
    throw error;
  }
}

// ---------------------------------------------------------------------------------------------
// The offline data source (decision 0058): while the app is offline, or for a permit made
// on this device, a feature may answer a call from the browser database instead of the server. One
// seam for every screen that reads or changes a permit: the screens keep calling apiRequest.

/** Answers a call locally (a promise of the JSON the route would answer), or undefined: the server's. */
export type OfflineSource = (path: string, options: RequestOptions) => Promise<unknown> | undefined;
let offlineSource: OfflineSource | null = null;

/** Installs (or, with null, removes) the offline data source apiRequest asks first. */
export function setOfflineSource(source: OfflineSource | null): void {
  offlineSource = source;
}

/**
 * A local answer, checked against the caller's schema exactly like the server's. A read the device
 * cannot answer stays quiet (the section says so in place, offline every read would toast);
 * a refused change is told like the server's refusal.
 */
async function answerLocally<T>(path: string, local: Promise<unknown>, options: ApiRequestOptions<T>) {
  try {
    return parseLocal(path, await local, options.schema);
  } catch (error) {
    if ((options.method ?? 'GET') !== 'GET' && !options.quiet?.(error)) toastForError(path, error);
    throw error;
  }
}

/** A local answer is checked against the caller's schema exactly like the server's. */
function parseLocal<T>(path: string, data: unknown, schema: z.ZodMiniType<T> | undefined): T | undefined {
  if (!schema) return undefined;
  const parsed = schema.safeParse(data);
  if (parsed.success) return parsed.data;
  console.error(`Unexpected offline answer for ${path}`, parsed.error.issues);
  throw new ApiRequestError(409, {
    code: 'CONFLICT',
    message: 'This part of the permit on this device does not match what this page expects. Go online to reload it.',
  });
}

/** Back to a fresh page load's state (tests). */
export function resetHttpState(): void {
  refreshInFlight = null;
  backoff = null;
  lastBroadcast = null;
}
