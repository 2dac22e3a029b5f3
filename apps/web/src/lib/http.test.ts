import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { LoginResult } from '@hasp/contracts';
import * as z from 'zod/mini';
import { delay, jsonResponse, loginResult } from '../test/fixtures';
import { authSession } from './auth-session';
import {
  ApiRequestError,
  apiRequest,
  apiUrl,
  isRefreshingToken,
  refreshSession,
  resetHttpState,
  toastForError,
} from './http';
import { networkState } from './network-state';
import { showToast } from './toast';

vi.mock('./toast', () => ({ showToast: vi.fn() }));
const toast = vi.mocked(showToast);

type RefreshBehaviour = 'ok' | 'unauthorized' | 'unavailable' | 'network';

/**
 * A fake API: `/api/data` answers only the current token (or always 401 when `alwaysUnauthorized`);
 * `/api/auth/tokenrefresh` hands out the next token after `refreshDelay` ms (or fails as asked).
 */
function fakeServer(
  refresh: RefreshBehaviour = 'ok',
  {
    refreshDelay = 10,
    alwaysUnauthorized = false,
    refreshAnswer = {},
  }: { refreshDelay?: number; alwaysUnauthorized?: boolean; refreshAnswer?: Partial<LoginResult> } = {},
) {
  const counts = { refresh: 0, data: 0 };
  const sentTokens: (string | null)[] = [];
  let generation = 1;
  let valid = 'token-1';
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
    if (url.endsWith('/api/auth/tokenrefresh')) {
      counts.refresh += 1;
      expect(init?.credentials).toBe('include');
      expect(new Headers(init?.headers).get('content-type')).toBe('application/json');
      expect(init?.body).toBe('{}');
      await delay(refreshDelay);
      if (refresh === 'unauthorized')
        return jsonResponse(401, { code: 'REFRESH_TOKEN_INVALID', message: 'Your session has ended' });
      if (refresh === 'unavailable') return new Response('Service Unavailable', { status: 503 });
      if (refresh === 'network') throw new TypeError('Failed to fetch');
      generation += 1;
      valid = `token-${generation}`;
      return jsonResponse(200, loginResult(valid, refreshAnswer));
    }
    counts.data += 1;
    const auth = new Headers(init?.headers).get('authorization');
    sentTokens.push(auth?.replace('Bearer ', '') ?? null);
    await delay(1);
    return auth === `Bearer ${valid}` && !alwaysUnauthorized
      ? jsonResponse(200, { ok: true })
      : jsonResponse(401, { code: 'TOKEN_EXPIRED', message: 'Token expired' });
  });
  vi.stubGlobal('fetch', fetchMock);
  return { counts, sentTokens, fetchMock, expire: () => (valid = 'nobody-has-this') };
}

const okSchema = z.object({ ok: z.boolean() });
const data = () => apiRequest('data', { schema: okSchema });

beforeEach(() => {
  resetHttpState();
  toast.mockClear();
  authSession.reset();
  authSession.start(loginResult('token-1'));
});

describe('apiRequest', () => {
  it('sends JSON under the API base with credentials and the bearer token, and validates the answer', async () => {
    const server = fakeServer();
    await expect(data()).resolves.toEqual({ ok: true });
    const [url, init] = server.fetchMock.mock.calls[0]!;
    expect(url).toBe('/api/data');
    expect(new Headers(init?.headers).get('authorization')).toBe('Bearer token-1');
    expect(init?.credentials).toBe('include');
  });

  it('sends no authorization header when no token is held', async () => {
    const fetchMock = vi.fn<typeof fetch>(() => Promise.resolve(jsonResponse(200, { ok: true })));
    vi.stubGlobal('fetch', fetchMock);
    authSession.end('signedOut');
    await apiRequest('login/pagedata');
    expect(new Headers(fetchMock.mock.calls[0]![1]?.headers).has('authorization')).toBe(false);
  });

  it('turns any failure into an ApiRequestError with the server code and message', async () => {
    const fetchMock = vi.fn<typeof fetch>();
    vi.stubGlobal('fetch', fetchMock);
    fetchMock.mockResolvedValueOnce(jsonResponse(403, { code: 'FORBIDDEN', message: 'No access to this facility' }));
    await expect(apiRequest('login', { method: 'POST', body: {} })).rejects.toMatchObject({
      name: 'ApiRequestError',
      status: 403,
      code: 'FORBIDDEN',
      message: 'No access to this facility',
    });
    fetchMock.mockResolvedValueOnce(new Response('Bad gateway', { status: 502 }));
    await expect(apiRequest('things')).rejects.toMatchObject({ status: 502, code: 'INTERNAL', message: 'Bad gateway' });
    fetchMock.mockResolvedValueOnce(jsonResponse(200, { ok: 'yes' }));
    vi.spyOn(console, 'error').mockImplementation(() => {});
    await expect(apiRequest('things', { schema: okSchema })).rejects.toBeInstanceOf(ApiRequestError);
  });
});

describe('the 401 procedure (seed section 4)', () => {
  it('step 1: while a refresh runs, a 401 waits for it and is retried with its token (no second refresh)', async () => {
    const server = fakeServer('ok', { refreshDelay: 30 });
    server.expire();
    const refreshing = refreshSession();
    expect(isRefreshingToken()).toBe(true);
    await expect(data()).resolves.toEqual({ ok: true });
    await refreshing;
    expect(server.counts.refresh).toBe(1);
    expect(server.sentTokens).toEqual(['token-1', 'token-2']);
    expect(isRefreshingToken()).toBe(false);
  });

  it('step 2: a request sent with an older token is retried with the current one, without a refresh', async () => {
    const server = fakeServer();
    server.expire();
    await refreshSession();
    expect(server.counts.refresh).toBe(1);
    // The request goes out with token-1, and token-2 is stored while it is on its way.
    authSession.start(loginResult('token-1'));
    const old = data();
    authSession.start(loginResult('token-2'));
    await expect(old).resolves.toEqual({ ok: true });
    expect(server.sentTokens).toEqual(['token-1', 'token-2']);
    expect(server.counts.refresh).toBe(1);
  });

  it('step 3: refreshes once for 50 concurrent 401s and retries each request exactly once (R1)', async () => {
    const server = fakeServer();
    server.expire();
    const results = await Promise.all(Array.from({ length: 50 }, data));
    expect(results.every((result) => result.ok)).toBe(true);
    expect(server.counts.refresh).toBe(1);
    expect(server.counts.data).toBe(100);
    expect(authSession.getToken()).toBe('token-2');
    expect(toast).not.toHaveBeenCalled();
  });

  it('step 4: with no refresh token (signed out) the request is retried as it is, once', async () => {
    const server = fakeServer();
    authSession.end('signedOut');
    await expect(data()).rejects.toMatchObject({ status: 401 });
    expect(server.counts.refresh).toBe(0);
    expect(server.sentTokens).toEqual([null, null]);
  });

  it('step 5: a 401 from the refresh clears the flag and signs out once; nothing is retried (R2)', async () => {
    const server = fakeServer('unauthorized');
    server.expire();
    const changes = vi.fn();
    const unsubscribe = authSession.subscribe(changes);
    const started = Date.now();
    const outcomes = await Promise.allSettled(Array.from({ length: 50 }, data));
    unsubscribe();
    expect(Date.now() - started).toBeLessThan(1000);
    expect(outcomes.every((o) => o.status === 'rejected' && (o.reason as ApiRequestError).status === 401)).toBe(true);
    expect(server.counts.refresh).toBe(1);
    expect(server.counts.data + server.counts.refresh).toBe(51);
    expect(changes).toHaveBeenCalledTimes(1);
    expect(isRefreshingToken()).toBe(false);
    expect(authSession.getState()).toEqual({ session: null, endReason: 'expired' });
    // The 401s end in a sign-out, not in toasts.
    expect(toast).not.toHaveBeenCalled();
  });

  it('never retries a retried request: a second 401 comes back to the caller', async () => {
    const server = fakeServer('ok', { alwaysUnauthorized: true });
    await expect(data()).rejects.toMatchObject({ status: 401 });
    expect(server.counts.data).toBe(2);
    expect(server.counts.refresh).toBe(1);
  });

  it('never refreshes on a 401 from the login call itself', async () => {
    const server = fakeServer();
    server.fetchMock.mockResolvedValueOnce(
      jsonResponse(401, { code: 'INVALID_CREDENTIALS', message: 'Invalid user name or password' }),
    );
    await expect(apiRequest('login', { method: 'POST', body: {} })).rejects.toMatchObject({
      status: 401,
      code: 'INVALID_CREDENTIALS',
    });
    expect(server.counts.refresh).toBe(0);
    expect(server.fetchMock).toHaveBeenCalledTimes(1);
  });

  it.each(['unavailable', 'network'] as const)(
    'keeps the session when the refresh fails for a passing reason (%s), and backs off (R3)',
    async (behaviour) => {
      const server = fakeServer(behaviour);
      server.expire();
      await expect(data()).rejects.toBeDefined();
      expect(authSession.getState().session?.token).toBe('token-1');
      expect(server.counts.refresh).toBe(1);
      // Right away, another 401 gets the same failure without a new refresh request.
      await expect(data()).rejects.toBeDefined();
      expect(server.counts.refresh).toBe(1);
      // After the backoff (1 s for the first failure) a refresh is tried again.
      vi.useFakeTimers({ toFake: ['Date'] });
      try {
        vi.setSystemTime(Date.now() + 1_100);
        await expect(data()).rejects.toBeDefined();
        expect(server.counts.refresh).toBe(2);
      } finally {
        vi.useRealTimers();
      }
      expect(authSession.getState().endReason).toBeNull();
    },
  );
});

describe('refreshSession', () => {
  it('runs inside a Web Lock so tabs never rotate the same cookie at once', async () => {
    fakeServer();
    const request = vi.fn((_name: string, task: () => Promise<unknown>) => task());
    Object.defineProperty(navigator, 'locks', { value: { request }, configurable: true });
    try {
      await refreshSession();
      expect(request).toHaveBeenCalledWith('hasp:token-refresh', expect.any(Function));
    } finally {
      Reflect.deleteProperty(navigator, 'locks');
    }
  });

  it('shares one request between concurrent callers', async () => {
    const server = fakeServer();
    const [a, b] = await Promise.all([refreshSession(), refreshSession()]);
    expect(a).toBe(b);
    expect(server.counts.refresh).toBe(1);
    expect(window.sessionStorage.getItem('connectionStringName')).toBe('Demo');
  });

  it('takes the token another tab got while this tab waited for the lock, instead of refreshing (R4)', async () => {
    const server = fakeServer();
    // Another tab holds the lock while it refreshes.
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    const queue: Promise<unknown>[] = [held];
    const request = vi.fn((_name: string, task: () => Promise<unknown>) => {
      const previous = queue[queue.length - 1]!;
      const run = previous.then(task);
      queue.push(run.catch(() => undefined));
      return run;
    });
    Object.defineProperty(navigator, 'locks', { value: { request }, configurable: true });
    const otherTab = new BroadcastChannel('hasp:auth');
    try {
      const refreshing = refreshSession();
      await delay(5);
      // The other tab finishes: it marks the time, tells the tabs, and releases the lock.
      const at = Date.now() + 1;
      localStorage.setItem('hasp:tokenRefreshedAt', String(at));
      otherTab.postMessage({ type: 'refreshed', at, result: loginResult('token-from-tab-a') });
      release();
      await expect(refreshing).resolves.toMatchObject({ token: 'token-from-tab-a' });
      expect(server.counts.refresh).toBe(0);
      expect(authSession.getToken()).toBe('token-from-tab-a');
    } finally {
      otherTab.close();
      Reflect.deleteProperty(navigator, 'locks');
    }
  });

  it('tells the other tabs about a new token, never a refresh token (even one an answer carried)', async () => {
    fakeServer('ok', { refreshAnswer: { refreshToken: 'must-not-travel' } });
    const otherTab = new BroadcastChannel('hasp:auth');
    const received = new Promise<unknown>((resolve) => (otherTab.onmessage = (event) => resolve(event.data)));
    try {
      await refreshSession();
      const message = (await received) as { type: string; result: Record<string, unknown> };
      expect(message).toMatchObject({ type: 'refreshed', result: { token: 'token-2' } });
      expect(message.result).not.toHaveProperty('refreshToken');
      expect(Number(localStorage.getItem('hasp:tokenRefreshedAt'))).toBeGreaterThan(0);
    } finally {
      otherTab.close();
    }
  });
});

describe('error toasts (seed section 8)', () => {
  afterEach(() => networkState.setUserOffline(false));

  const failWith = (response: Response | Error) => {
    const fetchMock = vi.fn<typeof fetch>(() =>
      response instanceof Error ? Promise.reject(response) : Promise.resolve(response),
    );
    vi.stubGlobal('fetch', fetchMock);
    return fetchMock;
  };

  it("shows 'Error code: {status}' with the server's message and passes the error on", async () => {
    failWith(jsonResponse(500, { code: 'INTERNAL', message: 'Something went wrong on our side' }));
    await expect(data()).rejects.toMatchObject({ status: 500 });
    expect(toast).toHaveBeenCalledWith({
      title: 'Error code: 500',
      message: 'Something went wrong on our side',
      tone: 'error',
    });
  });

  it('falls back to the error body when the server sent no message', async () => {
    failWith(new Response('Upstream timed out', { status: 504, statusText: 'Gateway Timeout' }));
    await expect(data()).rejects.toMatchObject({ status: 504 });
    expect(toast).toHaveBeenCalledWith(
      expect.objectContaining({ title: 'Error code: 504', message: 'Upstream timed out' }),
    );
    toast.mockClear();
    failWith(jsonResponse(409, { problem: 'duplicate' }));
    await expect(data()).rejects.toMatchObject({ status: 409 });
    expect(toast).toHaveBeenCalledWith(
      expect.objectContaining({ title: 'Error code: 409', message: '{"problem":"duplicate"}' }),
    );
  });

  it("falls back to the error's own message when there is no body", async () => {
    failWith(new Response(null, { status: 503, statusText: 'Service Unavailable' }));
    await expect(data()).rejects.toMatchObject({ status: 503 });
    expect(toast).toHaveBeenCalledWith(
      expect.objectContaining({ title: 'Error code: 503', message: 'Service Unavailable' }),
    );
  });

  it('stays silent on 422 and passes the error on', async () => {
    failWith(jsonResponse(422, { code: 'VALIDATION_FAILED', message: 'Idempotency key reused' }));
    await expect(data()).rejects.toMatchObject({ status: 422 });
    expect(toast).not.toHaveBeenCalled();
  });

  it.each(['login', 'saml/samllogin', 'login/pagedata', 'users/isValidPassword'])(
    'passes errors of %s through without a toast',
    async (path) => {
      failWith(jsonResponse(500, { code: 'INTERNAL', message: 'Something went wrong on our side' }));
      await expect(apiRequest(path)).rejects.toMatchObject({ status: 500 });
      expect(toast).not.toHaveBeenCalled();
    },
  );

  it("shows a network failure as 'Error code: 0' while online, and nothing while offline or aborted", async () => {
    failWith(new TypeError('Failed to fetch'));
    await expect(data()).rejects.toBeInstanceOf(TypeError);
    expect(toast).toHaveBeenCalledWith(expect.objectContaining({ title: 'Error code: 0', message: 'Failed to fetch' }));
    toast.mockClear();
    networkState.setUserOffline(true);
    await expect(data()).rejects.toBeInstanceOf(TypeError);
    toastForError('data', new DOMException('The user aborted a request.', 'AbortError'));
    expect(toast).not.toHaveBeenCalled();
  });
});

describe('apiUrl', () => {
  it('prefixes the API base and encodes the query', () => {
    expect(apiUrl('stilFacility/getRecords', 'GET', { activeRecord: true, connectionStringName: 'Plant 2' })).toBe(
      '/api/stilFacility/getRecords?activeRecord=true&connectionStringName=Plant+2',
    );
  });

  it('sends null query values as empty strings for POST and PUT only', () => {
    expect(apiUrl('x', 'POST', { a: null, b: undefined })).toBe('/api/x?a=');
    expect(apiUrl('x', 'PUT', { a: null })).toBe('/api/x?a=');
    expect(apiUrl('x', 'GET', { a: null })).toBe('/api/x');
    expect(apiUrl('x', 'DELETE', { a: null })).toBe('/api/x');
  });

  it('puts the empty strings on the wire for POST', async () => {
    const fetchMock = vi.fn<typeof fetch>(() => Promise.resolve(jsonResponse(200, {})));
    vi.stubGlobal('fetch', fetchMock);
    await apiRequest('permits/search', { method: 'POST', query: { prefix: null, page: 1 }, body: {} });
    expect(fetchMock.mock.calls[0]![0]).toBe('/api/permits/search?prefix=&page=1');
  });
});
