/** The first retry waits 1–2 s; each failure doubles it, up to 2.5–5 min (never less than 1 s, never more than 5 min). */
export const RETRY_FIRST_MS = 2_000;
export const RETRY_MAX_MS = 5 * 60_000;
/** No more failed pushes than this in any minute, whatever triggers them (online events, new items): no hot loop under network faults. */
export const FAILURES_PER_MINUTE = 6;
const MINUTE_MS = 60_000;

/**
 * How long to wait after the `attempt`-th failure in a row: exponential with "equal jitter" (half
 * fixed, half random), so devices that lost the network together do not come back in step.
 * @example backoffDelay(1, Math.random) // 1000…2000 ms
 */
export function backoffDelay(attempt: number, random: () => number): number {
  const ceiling = Math.min(RETRY_MAX_MS, RETRY_FIRST_MS * 2 ** Math.max(0, attempt - 1));
  return Math.round(ceiling / 2 + (random() * ceiling) / 2);
}

/** The failed pushes of the last minute: a sliding window that says how long the next must wait. */
export class FailureWindow {
  private readonly times: number[] = [];

  constructor(private readonly limit = FAILURES_PER_MINUTE) {}

  record(now: number): void {
    this.times.push(now);
    this.prune(now);
  }

  /** 0 when a push may go now, else the milliseconds until the oldest failure leaves the window. */
  waitBefore(now: number): number {
    this.prune(now);
    if (this.times.length < this.limit) return 0;
    return this.times[0]! + MINUTE_MS - now;
  }

  private prune(now: number): void {
    while (this.times.length > 0 && this.times[0]! <= now - MINUTE_MS) this.times.shift();
  }
}
