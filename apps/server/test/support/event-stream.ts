import { expect } from 'vitest';

/** Reads server-sent events from a listening server with a bearer token, as the web app does. */
export async function openStream(baseUrl: string, bearer: string) {
  const controller = new AbortController();
  const response = await fetch(`${baseUrl}/api/notifications/stream`, {
    headers: { authorization: `Bearer ${bearer}` },
    signal: controller.signal,
  });
  expect(response.status).toBe(200);
  expect(response.headers.get('content-type')).toContain('text/event-stream');
  const reader: ReadableStreamDefaultReader<Uint8Array> = response.body!.getReader();
  const decoder = new TextDecoder();
  let buffer = '';
  // Every event's name and arrival time, in order (what `next` skips over stays visible here).
  const log: { event: string; at: number }[] = [];
  let unlogged = '';
  let wake = () => undefined as void;
  let isEnded = false;
  // Reads until the server ends the response; resolves then (or when the test aborts it).
  const ended = (async () => {
    try {
      for (;;) {
        const chunk = await reader.read();
        if (chunk.done) break;
        const text = decoder.decode(chunk.value);
        buffer += text;
        unlogged += text;
        for (let end = unlogged.indexOf('\n\n'); end >= 0; end = unlogged.indexOf('\n\n')) {
          const name = /^event: (.*)$/m.exec(unlogged.slice(0, end))?.[1];
          if (name) log.push({ event: name, at: Date.now() });
          unlogged = unlogged.slice(end + 2);
        }
        wake();
      }
    } catch {
      // aborted by the test
    } finally {
      isEnded = true;
      wake();
    }
  })();
  const next = async (event: string, timeoutMs = 3000): Promise<unknown> => {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const match = new RegExp(`event: ${event}\\ndata: (.*)\\n\\n`).exec(buffer);
      if (match) {
        buffer = buffer.slice(match.index + match[0].length);
        return JSON.parse(match[1]!);
      }
      if (isEnded) throw new Error(`the stream ended without a ${event} event`);
      if (Date.now() > deadline) throw new Error(`no ${event} event within ${timeoutMs} ms`);
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, deadline - Date.now());
        wake = () => (clearTimeout(timer), resolve());
      });
    }
  };
  return { next, ended, isEnded: () => isEnded, close: () => controller.abort(), log: () => [...log] };
}
