import { monitoringConnectionString } from './monitoring-key';
import { networkState } from './network-state';

/** What the lazily loaded SDK module offers (lib/monitoring-sdk.ts). */
export interface Monitor {
  start(): void;
  stop(): void;
}

/**
 * Resolves once the largest contentful paint has happened and settled: after the page's load event,
 * when no larger paint followed for `quietMs`, or at the first input (which ends LCP). Browsers
 * without LCP wait for load plus the quiet time; a page that never paints (hidden tab) gives up
 * waiting after `maxWaitMs`. Then it waits for an idle moment.
 */
export function afterLargestPaint({ quietMs = 2_000, maxWaitMs = 10_000 } = {}): Promise<void> {
  return new Promise((resolve) => {
    let quietTimer: ReturnType<typeof setTimeout> | undefined;
    let maxTimer: ReturnType<typeof setTimeout> | undefined;
    let observer: PerformanceObserver | undefined;
    let painted = false;
    const onInput = () => {
      if (painted) finish();
    };
    const finish = () => {
      clearTimeout(quietTimer);
      clearTimeout(maxTimer);
      observer?.disconnect();
      removeEventListener('pointerdown', onInput, true);
      removeEventListener('keydown', onInput, true);
      if ('requestIdleCallback' in window) requestIdleCallback(() => resolve(), { timeout: 2_000 });
      else setTimeout(resolve, 0);
    };
    const settle = () => {
      clearTimeout(quietTimer);
      quietTimer = setTimeout(finish, quietMs);
    };
    const start = () => {
      const types = typeof PerformanceObserver === 'undefined' ? [] : PerformanceObserver.supportedEntryTypes;
      if (!types.includes('largest-contentful-paint')) return settle();
      observer = new PerformanceObserver((list) => {
        if (list.getEntries().length === 0) return;
        painted = true;
        settle();
      });
      observer.observe({ type: 'largest-contentful-paint', buffered: true });
      addEventListener('pointerdown', onInput, true);
      addEventListener('keydown', onInput, true);
      maxTimer = setTimeout(finish, maxWaitMs);
    };
    if (document.readyState === 'complete') start();
    else addEventListener('load', start, { once: true });
  });
}

export interface MonitoringOptions {
  connectionString?: string | null;
  afterPaint?: () => Promise<void>;
  load?: () => Promise<{ createMonitor: (connectionString: string) => Monitor }>;
  network?: Pick<typeof networkState, 'isOnline' | 'subscribe'>;
}

/**
 * Usage analytics (the seed's section 1): only with a monitoring key, never before the largest
 * paint (so it never slows the first screen), started while online and stopped while offline. Returns a stop function.
 */
export function startMonitoring({
  connectionString = monitoringConnectionString(),
  afterPaint = afterLargestPaint,
  load = () => import('./monitoring-sdk'),
  network = networkState,
}: MonitoringOptions = {}): () => void {
  if (!connectionString) return () => undefined;
  let disposed = false;
  let monitor: Promise<Monitor> | null = null;
  let unsubscribe = () => {};
  const follow = () => {
    if (disposed) return;
    if (network.isOnline()) {
      // Loaded the first time the app is online after the paint; an offline start waits.
      monitor ??= load().then((sdk) => sdk.createMonitor(connectionString));
      void monitor.then((m) => (network.isOnline() && !disposed ? m.start() : m.stop())).catch(() => undefined);
    } else if (monitor) {
      void monitor.then((m) => m.stop()).catch(() => undefined);
    }
  };
  void afterPaint().then(() => {
    if (disposed) return;
    unsubscribe = network.subscribe(follow);
    follow();
  });
  return () => {
    disposed = true;
    unsubscribe();
    void monitor?.then((m) => m.stop()).catch(() => undefined);
  };
}
