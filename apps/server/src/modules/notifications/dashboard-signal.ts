/**
 * Where the domain events' trigger announces that a facility's dashboard numbers may have changed
 * (migration `2026-12-02T1400-dashboard-changed-notify`, decision 0081). The payload is the facility
 * only: the browsers re-read their widgets, each scoped by its own viewer's permissions.
 */
export const DASHBOARD_CHANNEL = 'hasp_dashboard';

/** At most one signal per facility this often: a burst of commits is one refetch. */
export const DASHBOARD_SIGNAL_MS = 1000;

/**
 * Throttles a signal per key (a connection's facility): the first one goes at once, the ones that
 * follow within `intervalMs` become one more at the end of it, so the last change is never lost and
 * no key fires more than once per interval.
 */
export class SignalThrottle {
  private readonly lastAt = new Map<string, number>();
  private readonly pending = new Map<string, NodeJS.Timeout>();

  constructor(
    private readonly intervalMs: number,
    private readonly now: () => number = Date.now,
  ) {}

  /** Runs `fire` now or at the end of the key's interval (once, however often it is asked meanwhile). */
  signal(key: string, fire: () => void): void {
    if (this.pending.has(key)) return;
    const wait = (this.lastAt.get(key) ?? -Infinity) + this.intervalMs - this.now();
    if (wait <= 0) return this.fire(key, fire);
    const timer = setTimeout(() => {
      this.pending.delete(key);
      this.fire(key, fire);
    }, wait);
    timer.unref();
    this.pending.set(key, timer);
  }

  private fire(key: string, fire: () => void): void {
    this.lastAt.set(key, this.now());
    // Forget quiet keys so a long-running process keeps no entry per facility it ever heard of.
    for (const [k, at] of this.lastAt) if (at + this.intervalMs < this.now() && k !== key) this.lastAt.delete(k);
    fire();
  }

  stop(): void {
    for (const timer of this.pending.values()) clearTimeout(timer);
    this.pending.clear();
    this.lastAt.clear();
  }
}
