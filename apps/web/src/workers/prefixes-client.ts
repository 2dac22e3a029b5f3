import type { PrefixReply, PrefixRequest } from './prefix-messages';

/** A failed prefixes fetch in the worker: the HTTP status (0: no answer) and the server's message. */
export class PrefixFetchError extends Error {
  override readonly name = 'PrefixFetchError';
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}

let worker: Worker | null = null;
let nextRequestId = 1;
const pending = new Map<number, { resolve: (p: Record<string, string>) => void; reject: (e: Error) => void }>();

function prefixWorker(): Worker {
  if (worker) return worker;
  // One worker for the page, started on first use (never on the login route).
  const started = new Worker(new URL('./prefix-worker.ts', import.meta.url), { type: 'module', name: 'hasp-prefixes' });
  started.onmessage = (event: MessageEvent<PrefixReply>) => {
    const reply = event.data;
    const waiting = pending.get(reply.requestId);
    if (!waiting) return;
    pending.delete(reply.requestId);
    if (reply.type === 'prefixes') waiting.resolve(reply.prefixes);
    else waiting.reject(new PrefixFetchError(reply.status, reply.message));
  };
  started.onerror = (event) => {
    // The worker itself failed (script not loaded): every open request fails with it.
    for (const [id, waiting] of pending) {
      pending.delete(id);
      waiting.reject(new PrefixFetchError(0, event.message || 'The background worker stopped.'));
    }
    started.terminate();
    worker = null;
  };
  worker = started;
  return started;
}

/**
 * Asks the background worker for the facility's prefixes, keyed by permit type code.
 * @example const prefixes = await fetchPrefixesInWorker({ apiBase, connectionStringName: 'Demo', facilityId: 1, token });
 */
export function fetchPrefixesInWorker(
  input: Omit<PrefixRequest, 'type' | 'requestId'>,
): Promise<Record<string, string>> {
  const requestId = nextRequestId++;
  const request: PrefixRequest = { type: 'prefixes', requestId, ...input };
  return new Promise((resolve, reject) => {
    pending.set(requestId, { resolve, reject });
    prefixWorker().postMessage(request);
  });
}
