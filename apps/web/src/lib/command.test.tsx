import type { ReactNode } from 'react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import * as z from 'zod/mini';
import { commandRouteNamed, tagCommandRoutes } from '@hasp/contracts';
import { jsonResponse, loginResult } from '../test/fixtures';
import { authSession } from './auth-session';
import { useCommand } from './command';
import { resetHttpState } from './http';

vi.mock('./toast', () => ({ showToast: vi.fn() }));

/** What the screen's command reached the server with: the URL, the key and the version. */
interface Sent {
  url: string;
  key: string | null;
  ifMatch: string | null;
  body: unknown;
}

let sent: Sent[];
let answers: number[];

beforeEach(() => {
  resetHttpState();
  authSession.start(loginResult('token-1'));
  sent = [];
  answers = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const headers = new Headers(init?.headers);
      sent.push({
        url: typeof input === 'string' ? input : input instanceof URL ? input.href : input.url,
        key: headers.get('idempotency-key'),
        ifMatch: headers.get('if-match'),
        body: typeof init?.body === 'string' ? JSON.parse(init.body) : null,
      });
      const status = answers.shift() ?? 200;
      return status === 200
        ? jsonResponse(200, { ok: true })
        : jsonResponse(status, { code: 'CONFLICT', message: 'Refused for now' });
    }),
  );
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

function tagCommandHook() {
  const client = new QueryClient({ defaultOptions: { mutations: { retry: false } } });
  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={client}>{children}</QueryClientProvider>
  );
  return renderHook(
    () =>
      useCommand({
        call: ({ tagId, version }: { tagId: number; version: number }) => ({
          route: commandRouteNamed(tagCommandRoutes, 'tag.apply'),
          urlId: 42,
          body: { tagId },
          version,
        }),
        schema: z.object({ ok: z.boolean() }),
        quiet: () => true,
      }),
    { wrapper },
  );
}

describe('useCommand', () => {
  it("posts to the declared route's URL with the version as If-Match", async () => {
    const { result } = tagCommandHook();
    await result.current.mutateAsync({ tagId: 7, version: 3 });
    expect(sent).toEqual([
      { url: '/api/permits/42/tags/commands/apply', key: expect.any(String), ifMatch: '"3"', body: { tagId: 7 } },
    ]);
  });

  it('sends the same key when the user presses again after a refusal, a new one for the next action', async () => {
    const { result } = tagCommandHook();
    answers = [409];
    await expect(result.current.mutateAsync({ tagId: 7, version: 3 })).rejects.toThrow('Refused for now');
    await result.current.mutateAsync({ tagId: 7, version: 3 });
    await result.current.mutateAsync({ tagId: 7, version: 4 });
    await result.current.mutateAsync({ tagId: 7, version: 4 });
    const [first, retry, next, again] = sent.map((s) => s.key);
    expect(retry).toBe(first);
    expect(next).not.toBe(first);
    // After a success the same body is a new action (the user pressed again on purpose).
    expect(again).not.toBe(next);
  });

  it('keeps a key the screen holds itself (a dialog, a sealed signature)', async () => {
    const client = new QueryClient();
    const wrapper = ({ children }: { children: ReactNode }) => (
      <QueryClientProvider client={client}>{children}</QueryClientProvider>
    );
    const { result } = renderHook(
      () =>
        useCommand({
          call: (key: string) => ({
            route: commandRouteNamed(tagCommandRoutes, 'tag.verify'),
            urlId: 42,
            body: { tagId: 7 },
            idempotencyKey: key,
          }),
          schema: z.object({ ok: z.boolean() }),
        }),
      { wrapper },
    );
    await result.current.mutateAsync('held-by-the-dialog');
    expect(sent[0]).toMatchObject({
      url: '/api/permits/42/tags/commands/verify',
      key: 'held-by-the-dialog',
      ifMatch: null,
    });
  });
});
