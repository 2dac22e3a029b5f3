import { describe, expect, it } from 'vitest';
import { handlePrefixMessage, type PrefixRequest } from './prefix-messages';

const request: PrefixRequest = {
  type: 'prefixes',
  requestId: 7,
  apiBase: 'https://hasp.example/api/',
  connectionStringName: 'Demo Plant',
  facilityId: 3,
  token: 'access-token',
};

/** A fetch that records what it was asked and answers with `response`. */
function fetchAnswering(response: Response | Error) {
  const calls: { url: string; init: RequestInit | undefined }[] = [];
  const fetchImpl = ((url: string, init?: RequestInit) => {
    calls.push({ url, init });
    return response instanceof Error ? Promise.reject(response) : Promise.resolve(response);
  }) as typeof fetch;
  return { calls, fetchImpl };
}

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

describe('the prefix worker’s message handling', () => {
  it('fetches the prefixes of the given connection and facility with the given token, credentials included', async () => {
    const { calls, fetchImpl } = fetchAnswering(json({ prefixes: { LOTO: 'LOTO-', HOT: 'HW-' } }));
    const reply = await handlePrefixMessage(request, fetchImpl);
    expect(reply).toEqual({ type: 'prefixes', requestId: 7, prefixes: { LOTO: 'LOTO-', HOT: 'HW-' } });
    expect(calls).toHaveLength(1);
    expect(calls[0]!.url).toBe(
      'https://hasp.example/api/numbering/prefixes?connectionStringName=Demo+Plant&facilityId=3',
    );
    expect(calls[0]!.init).toMatchObject({
      credentials: 'include',
      headers: { authorization: 'Bearer access-token' },
    });
  });

  it('replies with the status and the server’s message when the call is refused', async () => {
    const { fetchImpl } = fetchAnswering(json({ code: 'UNAUTHENTICATED', message: 'Token expired' }, 401));
    expect(await handlePrefixMessage(request, fetchImpl)).toEqual({
      type: 'error',
      requestId: 7,
      status: 401,
      message: 'Token expired',
    });
  });

  it('replies with status 0 when the request gets no answer', async () => {
    const { fetchImpl } = fetchAnswering(new TypeError('Failed to fetch'));
    expect(await handlePrefixMessage(request, fetchImpl)).toEqual({
      type: 'error',
      requestId: 7,
      status: 0,
      message: 'Failed to fetch',
    });
  });

  it('refuses an answer that is not prefixes keyed by permit type', async () => {
    const { fetchImpl } = fetchAnswering(json({ prefixes: ['LOTO-'] }));
    expect(await handlePrefixMessage(request, fetchImpl)).toMatchObject({ type: 'error', requestId: 7 });
  });

  it('ignores messages that are not prefix requests, without fetching', async () => {
    const { calls, fetchImpl } = fetchAnswering(json({ prefixes: {} }));
    expect(await handlePrefixMessage({ type: 'prefixes', requestId: 1 }, fetchImpl)).toBeNull();
    expect(await handlePrefixMessage('hello', fetchImpl)).toBeNull();
    expect(calls).toHaveLength(0);
  });
});
