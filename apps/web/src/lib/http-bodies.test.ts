import { beforeEach, describe, expect, it, vi } from 'vitest';
import * as z from 'zod/mini';
import { delay, jsonResponse, loginResult } from '../test/fixtures';
import { authSession } from './auth-session';
import { ApiRequestError, apiRequest, resetHttpState } from './http';
import { showToast } from './toast';

vi.mock('./toast', () => ({ showToast: vi.fn() }));
const toast = vi.mocked(showToast);

interface Sent {
  url: string;
  token: string | null;
  contentType: string | null;
  body: BodyInit | null | undefined;
}

/**
 * A fake API for uploads and downloads: `/api/files` answers only the current token (401 otherwise),
 * echoing what arrived; `/api/auth/tokenrefresh` hands out the next token.
 */
function fakeServer(answer: (sent: Sent) => Response = () => jsonResponse(200, { ok: true })) {
  const sent: Sent[] = [];
  let refreshes = 0;
  let valid = 'token-1';
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
      if (url.endsWith('/api/auth/tokenrefresh')) {
        refreshes += 1;
        await delay(1);
        valid = `token-${refreshes + 1}`;
        return jsonResponse(200, loginResult(valid));
      }
      const headers = new Headers(init?.headers);
      const request: Sent = {
        url,
        token: headers.get('authorization')?.replace('Bearer ', '') ?? null,
        contentType: headers.get('content-type'),
        body: init?.body,
      };
      sent.push(request);
      return request.token === valid
        ? answer(request)
        : jsonResponse(401, { code: 'TOKEN_EXPIRED', message: 'Token expired' });
    }),
  );
  return { sent, refreshes: () => refreshes, expire: () => (valid = 'nobody-has-this') };
}

const okSchema = z.object({ ok: z.boolean() });

beforeEach(() => {
  resetHttpState();
  toast.mockClear();
  authSession.reset();
  authSession.start(loginResult('token-1'));
});

describe('apiRequest with a file as the body', () => {
  it('sends the bytes as they are, as octet-stream even for a text file, with the query', async () => {
    const server = fakeServer();
    const file = new File(['a,b\n1,2\n'], 'areas.csv', { type: 'text/csv' });
    await apiRequest('files', { method: 'POST', query: { fileName: file.name }, body: file, schema: okSchema });
    expect(server.sent).toHaveLength(1);
    expect(server.sent[0]!.url).toBe('/api/files?fileName=areas.csv');
    expect(server.sent[0]!.contentType).toBe('application/octet-stream');
    expect(server.sent[0]!.body).toBe(file);
  });

  it("keeps the content type the caller names (a photo's own type)", async () => {
    const server = fakeServer();
    const photo = new File([new Uint8Array([0x89, 0x50])], 'p.png', { type: 'image/png' });
    await apiRequest('files', { method: 'POST', body: photo, headers: { 'content-type': photo.type } });
    expect(server.sent[0]!.contentType).toBe('image/png');
  });

  it('sends FormData untouched and lets the browser set its multipart type', async () => {
    const server = fakeServer();
    const form = new FormData();
    form.append('note', 'hello');
    await apiRequest('files', { method: 'POST', body: form });
    expect(server.sent[0]!.body).toBe(form);
    expect(server.sent[0]!.contentType).toBeNull();
  });

  it('renews an expired token once and sends the same bytes again (the seed 401 procedure)', async () => {
    const server = fakeServer();
    server.expire();
    const file = new Blob(['bytes']);
    await expect(apiRequest('files', { method: 'PUT', body: file, schema: okSchema })).resolves.toEqual({ ok: true });
    expect(server.refreshes()).toBe(1);
    expect(server.sent.map((s) => s.token)).toEqual(['token-1', 'token-2']);
    expect(server.sent[1]!.body).toBe(file);
  });

  it('retries an upload at most once: a second 401 comes back to the caller, without a toast', async () => {
    const server = fakeServer(() => jsonResponse(401, { code: 'TOKEN_EXPIRED', message: 'Token expired' }));
    server.expire();
    await expect(apiRequest('files', { method: 'POST', body: new Blob(['x']) })).rejects.toMatchObject({
      status: 401,
    });
    expect(server.sent).toHaveLength(2);
    expect(toast).not.toHaveBeenCalled();
  });
});

describe("apiRequest reading an answer's bytes", () => {
  it('answers a Blob, renewing the token on a 401 like any other call', async () => {
    const server = fakeServer(
      () => new Response(new Uint8Array([1, 2, 3]), { headers: { 'content-type': 'image/png' } }),
    );
    server.expire();
    const blob = await apiRequest('files', { read: 'blob', headers: { accept: 'image/*' } });
    expect(new Uint8Array(await blob.arrayBuffer())).toEqual(new Uint8Array([1, 2, 3]));
    expect(server.refreshes()).toBe(1);
  });

  it('parses a refusal with the contracts error schema; quiet keeps the toast away, otherwise it shows', async () => {
    fakeServer(() => jsonResponse(404, { code: 'NOT_FOUND', message: 'No such photo' }));
    const quiet = apiRequest('files', { read: 'blob', quiet: () => true });
    await expect(quiet).rejects.toMatchObject({ name: 'ApiRequestError', code: 'NOT_FOUND', message: 'No such photo' });
    expect(toast).not.toHaveBeenCalled();

    await expect(apiRequest('files', { read: 'blob' })).rejects.toBeInstanceOf(ApiRequestError);
    expect(toast).toHaveBeenCalledWith(expect.objectContaining({ title: 'Error code: 404', message: 'No such photo' }));
  });
});
