import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import * as z from 'zod/mini';
import { jsonResponse, loginResult } from '../test/fixtures';
import { authSession } from './auth-session';
import { ApiRequestError, apiRequest, overloadWaitMs, resetHttpState } from './http';
import { showToast } from './toast';

vi.mock('./toast', () => ({ showToast: vi.fn() }));
const toast = vi.mocked(showToast);

const busy = (retryAfter: string | null = '2') =>
  new Response(JSON.stringify({ code: 'OVERLOADED', message: 'The server is busy. Try again in 2 s.' }), {
    status: 503,
    headers: { 'content-type': 'application/json', ...(retryAfter === null ? {} : { 'retry-after': retryAfter }) },
  });

/** A fake API answering each call with the next of `answers` (the last one for the rest). */
function server(...answers: (() => Response)[]) {
  const fetchMock = vi.fn(async () => (answers.length > 1 ? answers.shift()! : answers[0]!)());
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

const ok = () => jsonResponse(200, { ok: true });
const okSchema = z.object({ ok: z.boolean() });

/** Lets the request reach its wait (or its end) without moving the clock. */
const settle = () => vi.advanceTimersByTimeAsync(0);

beforeEach(() => {
  vi.useFakeTimers();
  // No jitter: the retry leaves exactly when Retry-After says.
  vi.spyOn(Math, 'random').mockReturnValue(0);
  resetHttpState();
  toast.mockClear();
  authSession.reset();
  authSession.start(loginResult('token-1'));
});

afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

describe('a request the server shed (503 with Retry-After)', () => {
  it('a read waits the seconds Retry-After names, is sent once more, and succeeds without a toast', async () => {
    const fetchMock = server(() => busy('2'), ok);
    const answer = apiRequest('data', { schema: okSchema });
    await settle();
    expect(fetchMock).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(1_999);
    expect(fetchMock, 'not before the wait is over').toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(1);
    await expect(answer).resolves.toEqual({ ok: true });
    expect(fetchMock).toHaveBeenCalledTimes(2);
    expect(toast).not.toHaveBeenCalled();
  });

  it('a command with an Idempotency-Key is replayed with the same key (the server applies it once)', async () => {
    const fetchMock = server(() => busy('1'), ok);
    const answer = apiRequest('permits/1/commands/approve', {
      method: 'POST',
      body: { note: 'x' },
      headers: { 'idempotency-key': 'key-1' },
      schema: okSchema,
    });
    await vi.advanceTimersByTimeAsync(1_000);
    await expect(answer).resolves.toEqual({ ok: true });
    const keys = fetchMock.mock.calls.map((call) =>
      new Headers(((call as unknown[])[1] as RequestInit).headers).get('idempotency-key'),
    );
    expect(keys).toEqual(['key-1', 'key-1']);
  });

  it('a POST without an Idempotency-Key is not replayed: the caller gets the 503 and its message at once', async () => {
    const fetchMock = server(() => busy('1'), ok);
    const answer = apiRequest('things', { method: 'POST', body: {} });
    const failed = expect(answer).rejects.toMatchObject({ status: 503, code: 'OVERLOADED' });
    await settle();
    await failed;
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(toast).toHaveBeenCalledWith(
      expect.objectContaining({
        title: expect.stringContaining('503'),
        message: 'The server is busy. Try again in 2 s.',
      }),
    );
  });

  it('is tried again only once: a second 503 comes back with the error toast (seed section 8)', async () => {
    const fetchMock = server(() => busy('1'));
    const answer = apiRequest('data', { schema: okSchema });
    const failed = expect(answer).rejects.toBeInstanceOf(ApiRequestError);
    await vi.advanceTimersByTimeAsync(1_000);
    await failed;
    expect(fetchMock).toHaveBeenCalledTimes(2);
    expect(toast).toHaveBeenCalledTimes(1);
  });

  it('waits once in all: after a wait, a 401 and a token refresh, a 503 reaches the caller without a second wait', async () => {
    const expired = () => jsonResponse(401, { code: 'TOKEN_EXPIRED', message: 'Token expired' });
    const fetchMock = server(
      () => busy('1'),
      expired,
      () => jsonResponse(200, loginResult('token-2')),
      () => busy('1'),
      ok,
    );
    const answer = apiRequest('data', { schema: okSchema });
    const failed = expect(answer).rejects.toMatchObject({ status: 503, code: 'OVERLOADED' });
    await settle();
    expect(fetchMock).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(1_000);
    await failed;
    const urls = fetchMock.mock.calls.map((call) => String((call as unknown[])[0]));
    expect(urls.map((url) => url.replace(/^.*\/api\//, ''))).toEqual(['data', 'data', 'auth/tokenrefresh', 'data']);
    const lastAuth = new Headers(((fetchMock.mock.calls[3] as unknown[])[1] as RequestInit).headers).get(
      'authorization',
    );
    expect(lastAuth, 'the retry carries the refreshed token').toBe('Bearer token-2');
    await vi.advanceTimersByTimeAsync(10_000);
    expect(fetchMock, 'nothing more is sent').toHaveBeenCalledTimes(4);
    expect(toast).toHaveBeenCalledTimes(1);
  });

  it('a request that has not waited yet still waits once after a token refresh', async () => {
    const expired = () => jsonResponse(401, { code: 'TOKEN_EXPIRED', message: 'Token expired' });
    const fetchMock = server(
      expired,
      () => jsonResponse(200, loginResult('token-2')),
      () => busy('1'),
      ok,
    );
    const answer = apiRequest('data', { schema: okSchema });
    await settle();
    expect(fetchMock).toHaveBeenCalledTimes(3);
    await vi.advanceTimersByTimeAsync(1_000);
    await expect(answer).resolves.toEqual({ ok: true });
    expect(fetchMock).toHaveBeenCalledTimes(4);
    expect(toast).not.toHaveBeenCalled();
  });

  it('does not wait past 30 s, nor without a Retry-After: the caller hears the 503 at once', async () => {
    for (const retryAfter of ['31', null]) {
      const fetchMock = server(() => busy(retryAfter), ok);
      const failed = expect(apiRequest('data', { schema: okSchema })).rejects.toMatchObject({ status: 503 });
      await settle();
      await failed;
      expect(fetchMock, `Retry-After ${retryAfter}`).toHaveBeenCalledTimes(1);
    }
  });

  it('stops waiting when the caller aborts, and sends nothing more', async () => {
    const fetchMock = server(() => busy('5'), ok);
    const controller = new AbortController();
    const failed = expect(apiRequest('data', { schema: okSchema, signal: controller.signal })).rejects.toMatchObject({
      name: 'AbortError',
    });
    await settle();
    controller.abort();
    await failed;
    await vi.advanceTimersByTimeAsync(10_000);
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(toast).not.toHaveBeenCalled();
  });
});

describe('overloadWaitMs', () => {
  const at = Date.parse('2030-01-01T00:00:00Z');
  it('reads Retry-After in seconds or as an HTTP date, only on a 503', () => {
    expect(overloadWaitMs(busy('3'), at)).toBe(3_000);
    expect(overloadWaitMs(busy('Tue, 01 Jan 2030 00:00:10 GMT'), at)).toBe(10_000);
    expect(overloadWaitMs(busy('soon'), at)).toBeNull();
    expect(overloadWaitMs(new Response('', { status: 429, headers: { 'retry-after': '3' } }), at)).toBeNull();
  });
});
