import { loadingState } from '../lib/loading-state';
import { updateState } from './update-state';

/** Registration waits for the app to be stable, or this long at the most (the seed's 30000 ms). */
export const SW_REGISTRATION_DELAY_MS = 30_000;
/** After the check at registration, the app looks for a new version this often (the seed's 6 hours). */
export const SW_UPDATE_INTERVAL_MS = 6 * 60 * 60 * 1000;

const whenLoaded = () =>
  new Promise<void>((resolve) => {
    if (document.readyState === 'complete') resolve();
    else window.addEventListener('load', () => resolve(), { once: true });
  });

const whenNotLoading = () =>
  new Promise<void>((resolve) => {
    if (!loadingState.get()) return resolve();
    const unsubscribe = loadingState.subscribe(() => {
      if (loadingState.get()) return;
      unsubscribe();
      resolve();
    });
  });

const whenIdle = () =>
  new Promise<void>((resolve) => {
    if ('requestIdleCallback' in window) window.requestIdleCallback(() => resolve(), { timeout: 5_000 });
    else setTimeout(resolve, 0);
  });

/**
 * "Stable" (Angular's registerWhenStable): the page has loaded, no navigation holds the global
 * loading flag, and the browser has a quiet moment.
 */
export async function whenAppStable(): Promise<void> {
  await whenLoaded();
  await whenNotLoading();
  await whenIdle();
}

/** Shows the 'Update Available' dialog whenever a new version is installed next to a running one. */
function watchForUpdates(registration: ServiceWorkerRegistration): void {
  const offer = () => {
    if (registration.waiting && registration.active) updateState.setAvailable(registration);
  };
  offer();
  registration.addEventListener('updatefound', () => {
    const installing = registration.installing;
    installing?.addEventListener('statechange', () => {
      if (installing.state === 'installed') offer();
    });
  });
}

/**
 * The seed's unrecoverable state: the running version cannot load its own code any more. A lazily
 * loaded part failed to come from both the service-worker cache and the server (typically a newer
 * deploy removed the file and the cache lost it), so only a reload can help.
 */
export function watchUnrecoverable(alert: (message: string) => void = (message) => window.alert(message)): void {
  let told = false;
  window.addEventListener('vite:preloadError', (event) => {
    if (told) return;
    told = true;
    const payload = (event as Event & { payload?: unknown }).payload;
    const reason = payload instanceof Error ? payload.message : String(payload);
    alert(`An error occurred that we cannot recover from:\n${reason}\n\nPlease reload the page.`);
  });
}

/** After a failed first installation, try again this much later (then give up until the next load). */
export const SW_INSTALL_RETRY_DELAYS_MS = [5_000, 20_000, 60_000];

/**
 * A first installation that fails (one precached file did not arrive: a network blip, a busy
 * server) leaves no active worker, and nothing would try again before the next load: the whole
 * session without offline start-up. Try again a few times, a little later each time. A newer
 * version that fails next to an active one is left to the periodic check.
 */
export function retryFailedInstall(
  registration: ServiceWorkerRegistration,
  delaysMs: readonly number[] = SW_INSTALL_RETRY_DELAYS_MS,
): void {
  let attempt = 0;
  const watched = new WeakSet<ServiceWorker>();
  const watch = (worker: ServiceWorker | null) => {
    if (!worker || watched.has(worker)) return;
    watched.add(worker);
    worker.addEventListener('statechange', () => {
      if (worker.state !== 'redundant' || registration.active || attempt >= delaysMs.length) return;
      setTimeout(() => void registration.update().catch(() => undefined), delaysMs[attempt++]);
    });
  };
  watch(registration.installing);
  registration.addEventListener('updatefound', () => watch(registration.installing));
}

export interface ServiceWorkerOptions {
  url?: string;
  stable?: () => Promise<void>;
  container?: ServiceWorkerContainer;
}

/**
 * Registers the service worker once the app is stable (30 s at the latest), checks for a new version
 * then and every 6 hours after, and offers each new version through the update dialog. Returns a
 * function that stops the periodic checks.
 */
export function startServiceWorker({
  url = '/sw.js',
  stable = whenAppStable,
  container = navigator.serviceWorker,
}: ServiceWorkerOptions = {}): () => void {
  let timer: ReturnType<typeof setInterval> | undefined;
  let stopped = false;
  const deadline = new Promise<void>((resolve) => setTimeout(resolve, SW_REGISTRATION_DELAY_MS));
  void Promise.race([stable(), deadline])
    .then(async () => {
      if (stopped) return;
      const registration = await container.register(url, { scope: '/' });
      retryFailedInstall(registration);
      watchForUpdates(registration);
      const check = () => registration.update().catch(() => undefined);
      // A first installation is itself the check; otherwise look for a newer version now.
      if (registration.active) void check();
      timer = setInterval(() => void check(), SW_UPDATE_INTERVAL_MS);
    })
    .catch((error: unknown) => {
      // The app works without the worker (online); it only loses offline start-up.
      console.error('Service worker registration failed', error);
    });
  return () => {
    stopped = true;
    clearInterval(timer);
  };
}
