import { expect, type Page } from '@playwright/test';

/** The app's test hooks (src/main.tsx), switched on before its scripts run. */
export async function enableTestHooks(page: Page): Promise<void> {
  await page.addInitScript(() => {
    (window as Window & { __haspEnableTestHooks?: boolean }).__haspEnableTestHooks = true;
  });
}

interface HookWindow {
  __haspTestHooks?: {
    apiRequest: (path: string, options?: Record<string, unknown>) => Promise<unknown>;
    loadingState: { set: (loading: boolean) => void };
  };
}

/**
 * Calls the API `count` times at once through the app's own HTTP client. Resolves with each call's
 * outcome: 'ok', or the error's HTTP status (0 for a failure without one).
 */
export function callApiFromPage(
  page: Page,
  path: string,
  count = 1,
  options: Record<string, unknown> = {},
): Promise<(number | 'ok')[]> {
  return page.evaluate(
    async ({ path, count, options }) => {
      const hooks = (window as Window & HookWindow).__haspTestHooks;
      if (!hooks) throw new Error('test hooks are off: call enableTestHooks(page) before page.goto');
      const outcomes = await Promise.allSettled(Array.from({ length: count }, () => hooks.apiRequest(path, options)));
      return outcomes.map((o) =>
        o.status === 'fulfilled' ? ('ok' as const) : ((o.reason as { status?: number }).status ?? 0),
      );
    },
    { path, count, options },
  );
}

/** Turns the app's global loading flag on or off. */
export function setLoadingFlag(page: Page, loading: boolean): Promise<void> {
  return page.evaluate((loading) => {
    const hooks = (window as Window & HookWindow).__haspTestHooks;
    if (!hooks) throw new Error('test hooks are off');
    hooks.loadingState.set(loading);
  }, loading);
}

/** How long a first page load may take on a busy 2-core machine (lazy chunks, settings, session). */
export const FIRST_LOAD_TIMEOUT_MS = 40_000;

/** The signed-in layout is up, down to the top bar's bell (it comes with the facility's settings). */
export async function expectSignedIn(page: Page): Promise<void> {
  await expect(page.getByRole('button', { name: /^Notifications/ })).toBeVisible({ timeout: FIRST_LOAD_TIMEOUT_MS });
}

/** The bearer token of the next API request the page sends. */
export function nextBearerToken(page: Page): Promise<string> {
  return new Promise((resolve) => {
    const listener = (request: { url(): string; headers(): Record<string, string> }) => {
      const auth = request.headers().authorization;
      if (request.url().includes('/api/') && auth?.startsWith('Bearer ')) {
        page.off('request', listener);
        resolve(auth.slice('Bearer '.length));
      }
    };
    page.on('request', listener);
  });
}
