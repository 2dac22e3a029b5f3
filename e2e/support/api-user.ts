import type { APIRequestContext, Browser, Page } from '@playwright/test';
import { isSignedPermitCommand } from '@hasp/contracts';
import { expect } from './fixtures';
import { demo } from './hasp';
import { answerQuestionsFor } from './permit-questions';
import type { PermitTestUser } from './permit-users';

/**
 * A user of a spec's own, driven through the API from a browser page of their own (the page's
 * context keeps the refresh cookie, so the app opened on it is signed in too).
 */
export type ApiUser = { page: Page; token: string };

/** A phone-sized browser of the user's own (no service worker: every request reaches the server), signed in. */
export async function browseAs(browser: Browser, user: PermitTestUser): Promise<ApiUser> {
  const context = await browser.newContext({
    serviceWorkers: 'block',
    viewport: { width: 390, height: 844 },
    hasTouch: true,
  });
  const page = await context.newPage();
  return { page, token: (await signInSession(page.request, user)).token };
}

/** Signs the user in through the API (a page's request keeps the refresh cookie): token and user id. */
export async function signInSession(
  request: APIRequestContext,
  user: Pick<PermitTestUser, 'userName'>,
): Promise<{ token: string; userId: number }> {
  const login = await request.post('/api/login', {
    data: {
      connectionStringName: demo.connection,
      facilityId: demo.northPlant.ID,
      username: user.userName,
      password: demo.password,
    },
  });
  expect(login.status(), await login.text()).toBe(200);
  const body = (await login.json()) as { token: string; user: { ID: number } };
  return { token: body.token, userId: body.user.ID };
}

/** The user's bearer token and a fresh idempotency key (every command call is its own). */
export const userHeaders = (user: ApiUser) => ({
  authorization: `Bearer ${user.token}`,
  'idempotency-key': crypto.randomUUID(),
});

/** POST as the user; expects 200 and answers the body. */
export async function apiPost<T = unknown>(user: ApiUser, url: string, data: object = {}): Promise<T> {
  const response = await user.page.request.post(url, { headers: userHeaders(user), data });
  expect(response.status(), `${url}: ${await response.text()}`).toBe(200);
  return (await response.json()) as T;
}

/** GET `/api/<path>` as the user; expects 200 and answers the body. */
export async function apiGet<T = unknown>(user: ApiUser, path: string): Promise<T> {
  const response = await user.page.request.get(`/api/${path}`, { headers: userHeaders(user) });
  expect(response.status(), `${path}: ${await response.text()}`).toBe(200);
  return (await response.json()) as T;
}

/**
 * A permit lifecycle command as the user, with the questions its step asks answered first. The verbs
 * that hand over responsibility (approve, issue, accept, hand-over, complete work) are signed with
 * the user's password.
 */
export async function permitCommand(user: ApiUser, permitId: number, verb: string): Promise<void> {
  await answerQuestionsFor(user.page.request, `Bearer ${user.token}`, permitId, verb);
  await apiPost(
    user,
    `/api/permits/${permitId}/commands/${verb}`,
    isSignedPermitCommand(verb) ? { password: demo.password } : {},
  );
}
