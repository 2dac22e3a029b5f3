import { setTimeout as sleep } from 'node:timers/promises';

/**
 * Polls `check` until it gives something truthy (and returns it), or fails naming `what` after `ms`.
 * For work that finishes outside the request (jobs, the outbox, a mail server): tests wait for the
 * state, never for a fixed time.
 */
export async function waitUntil<T>(
  check: () => Promise<T | undefined | null | false> | T | undefined | null | false,
  what: string,
  ms = 45_000,
  every = 100,
): Promise<T> {
  const deadline = Date.now() + ms;
  for (;;) {
    const value = await check();
    if (value) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await sleep(every);
  }
}
