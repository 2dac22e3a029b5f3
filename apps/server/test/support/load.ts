import { Worker } from 'node:worker_threads';

/** One request's outcome as the load client saw it; status 0: no answer (timeout, connection error). */
export interface LoadResult {
  status: number;
  retryAfter: string | null;
  body: string;
  ms: number;
}

/**
 * Sends `count` GETs to `url` from a thread of its own (support/load-client.mjs): one after another
 * (`serial`), or one every `intervalMs` whatever the answers so far (an open loop, like users who do
 * not wait for each other). Each request gives up after `timeoutMs`.
 */
export async function sendLoad(options: {
  url: string;
  count: number;
  intervalMs?: number;
  serial?: boolean;
  timeoutMs: number;
}): Promise<LoadResult[]> {
  const worker = new Worker(new URL('./load-client.mjs', import.meta.url), {
    workerData: { intervalMs: 0, serial: false, ...options },
  });
  try {
    return await new Promise<LoadResult[]>((resolve, reject) => {
      worker.once('message', resolve);
      worker.once('error', reject);
      worker.once('exit', (code) => reject(new Error(`the load client stopped (exit code ${code}) before answering`)));
    });
  } finally {
    await worker.terminate();
  }
}

/** The value at quantile q (0…1) of `values`, nearest rank. */
export function percentile(values: number[], q: number): number {
  if (values.length === 0) return Number.NaN;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(q * sorted.length) - 1))]!;
}
