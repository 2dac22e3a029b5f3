import { beforeEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { delay, jsonResponse, loginResult } from '../test/fixtures';
import { authSession } from './auth-session';
import { ApiRequestError, apiRequest, apiUrl, refreshSession } from './http';

type RefreshBehaviour = 'ok' | 'unauthorized' | 'unavailable';

/**
 * A fake API: `/api/data` answers only the current token; `/api/auth/tokenrefresh` hands out the
 * next token after a short delay (or fails as asked).
 */
function fakeServer(refresh: RefreshBehaviour = 'ok') {
  const counts = { refresh: 0, data: 0 };
  let generation = 1;
  let valid = 'token-1';
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
    if (url.endsWith('/api/auth/tokenrefresh')) {
      counts.refresh += 1;
      expect(init?.credentials).toBe('same-origin');
      expect(new Headers(init?.headers).get('content-type')).toBe('application/json');
      expect(init?.body).toBe('{}');
      await delay(10);
      if (refresh === 'unauthorized')
        return jsonResponse(401, { code: 'REFRESH_TOKEN_INVALID', message: 'Your session has ended' });
      if (refresh === 'unavailable') return new Response('Service Unavailable', { status: 503 });
      generation += 1;
      valid = `token-${generation}`;
      return jsonResponse(200, loginResult(valid));
    }
    counts.data += 1;
    await delay(1);
    const auth = new Headers(init?.headers).get('authorization');
    return auth === `Bearer ${valid}`
      ? jsonResponse(200, { ok: true })
      : jsonResponse(401, { code: 'TOKEN_EXPIRED', message: 'Token expired' });
  });
  vi.stubGlobal('fetch', fetchMock);
  return { counts, fetchMock, expire: () => (valid = 'nobody-has-this') };
}

const okSchema = z.object({ ok: z.boolean() });

describe('apiRequest', () => {
  beforeEach(() => {
    authSession.end('signedOut');
    authSession.start(loginResult('token-1'));
  });

  it('sends JSON with the bearer token and validates the answer', async () => {
    const server = fakeServer();
    await expect(apiRequest('data', { schema: okSchema })).resolves.toEqual({ ok: true });
    const [url, init] = server.fetchMock.mock.calls[0]!;
    expect(url).toBe('/api/data');
    expect(new Headers(init?.headers).get('authorization')).toBe('Bearer token-1');
    expect(init?.credentials).toBe('same-origin');
  });

  it('renews an expired token once for 50 concurrent 401s and retries each request once', async () => {
    const server = fakeServer();
    server.expire();
    const results = await Promise.all(Array.from({ length: 50 }, () => apiRequest('data', { schema: okSchema })));
    expect(results.every((result) => result.ok)).toBe(true);
    expect(server.counts.refresh).toBe(1);
    expect(server.counts.data).toBe(100);
    expect(authSession.getToken()).toBe('token-2');
  });

  it('ends the session once when the refresh is refused, and retries nothing', async () => {
    const server = fakeServer('unauthorized');
    server.expire();
    const ended = vi.fn();
    const unsubscribe = authSession.subscribe(ended);
    const outcomes = await Promise.allSettled(
      Array.from({ length: 50 }, () => apiRequest('data', { schema: okSchema })),
    );
    unsubscribe();
    expect(outcomes.every((o) => o.status === 'rejected' && (o.reason as ApiRequestError).status === 401)).toBe(true);
    expect(server.counts.refresh).toBe(1);
    expect(server.counts.data).toBe(50);
    expect(ended).toHaveBeenCalledTimes(1);
    expect(authSession.getState()).toEqual({ session: null, endReason: 'expired' });
    // Later calls do not try to renew a session that is over.
    await expect(apiRequest('data', { schema: okSchema })).rejects.toMatchObject({ status: 401 });
    expect(server.counts.refresh).toBe(1);
  });

  it('keeps the session when the refresh fails for a passing reason (network, 5xx)', async () => {
    const server = fakeServer('unavailable');
    server.expire();
    await expect(apiRequest('data', { schema: okSchema })).rejects.toMatchObject({ status: 503 });
    expect(authSession.getState().session?.token).toBe('token-1');
    expect(server.counts.refresh).toBe(1);
  });

  it('never renews on a 401 from the login call itself', async () => {
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

  it('retries with a token another request already renewed, without a second refresh', async () => {
    const server = fakeServer();
    server.expire();
    await refreshSession();
    expect(server.counts.refresh).toBe(1);
    // This request was "sent" with the old token: simulate by holding it as the sent token.
    authSession.start(loginResult('token-1'));
    const old = apiRequest('data', { schema: okSchema });
    authSession.start(loginResult('token-2'));
    await expect(old).resolves.toEqual({ ok: true });
    expect(server.counts.refresh).toBe(1);
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
  });
});
