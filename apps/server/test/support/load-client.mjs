// A load generator on its own thread (test/support/load.ts starts it): its timers keep time while
// the server's thread is busy, as a separate client's would, so requests arrive at the rate asked
// for instead of waiting for the server to be free to send them.
import { parentPort, workerData } from 'node:worker_threads';

/** @type {{ url: string, count: number, intervalMs: number, serial: boolean, timeoutMs: number }} */
const { url, count, intervalMs, serial, timeoutMs } = workerData;

async function send() {
  const started = performance.now();
  try {
    const response = await fetch(url, { signal: AbortSignal.timeout(timeoutMs) });
    const body = await response.text();
    return {
      status: response.status,
      retryAfter: response.headers.get('retry-after'),
      body,
      ms: performance.now() - started,
    };
  } catch (error) {
    // Status 0: no answer (the client's timeout, a refused or reset connection).
    return { status: 0, retryAfter: null, body: String(error?.name ?? error), ms: performance.now() - started };
  }
}

const results = [];
const pending = [];
const start = performance.now();
for (let i = 0; i < count; i++) {
  if (serial) {
    results.push(await send());
    continue;
  }
  // Open loop: request i leaves at start + i × interval whatever the answers so far.
  const wait = start + i * intervalMs - performance.now();
  if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
  pending.push(send());
}
results.push(...(await Promise.all(pending)));
parentPort.postMessage(results);
