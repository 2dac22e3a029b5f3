import { expect, type APIRequestContext, type Browser, type Page, type ViewportSize } from '@playwright/test';
import { demo } from './hasp';

/** The phone the permit specs use (one hand, 390 px). */
export const phone = { width: 390, height: 844 } as const;

type Who = string | { userName: string };

/**
 * Signs a demo (or test-made) user in through the API, as tests that are not about the login form
 * do, and answers the bearer token for the spec's own API calls. Given a page, its browser context
 * keeps the HttpOnly refresh cookie, so the app resumes the session on the next page load.
 */
export async function signIn(
  target: Page | APIRequestContext,
  user: Who,
  options: { facilityId?: number } = {},
): Promise<string> {
  const request = 'goto' in target ? target.request : target;
  const login = await request.post('/api/login', {
    data: {
      connectionStringName: demo.connection,
      facilityId: options.facilityId ?? demo.northPlant.ID,
      username: typeof user === 'string' ? user : user.userName,
      password: demo.password,
    },
  });
  expect(login.status(), await login.text()).toBe(200);
  return ((await login.json()) as { token: string }).token;
}

/**
 * A browser of the user's own (service workers blocked, so every request reaches the server),
 * signed in. At phone width with touch unless told otherwise; `viewport: null` keeps the config's
 * desktop default.
 */
export async function signedInPage(
  browser: Browser,
  user: Who,
  options: { viewport?: ViewportSize | null; hasTouch?: boolean } = {},
): Promise<{ page: Page; token: string }> {
  const viewport = options.viewport === undefined ? phone : options.viewport;
  const context = await browser.newContext({
    serviceWorkers: 'block',
    ...(viewport ? { viewport, hasTouch: options.hasTouch ?? viewport.width <= phone.width } : {}),
  });
  const page = await context.newPage();
  return { page, token: await signIn(page, user) };
}
