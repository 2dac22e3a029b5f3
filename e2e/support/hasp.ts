import { expect, type Page } from '@playwright/test';

/** The demo data the server seeds into the `Demo` connection (apps/server/src/db/seed/demo.ts). */
export const demo = {
  connection: 'Demo',
  emptyConnection: 'Empty',
  password: 'hasp-demo-2026',
  northPlant: { ID: 1, name: 'North Plant' },
  riverside: { ID: 2, name: 'Riverside Chemical Processing Complex', shown: 'Riverside Chemical Proces…' },
  admin: { userName: 'admin', displayName: 'Alex Admin' },
  supervisor: { userName: 'supervisor', displayName: 'Sam Supervisor' },
  worker: { userName: 'worker', displayName: 'Wren Worker' },
} as const;

/** The login screen as a user sees it: controls found by their labels and roles. */
export function loginScreen(page: Page) {
  return {
    form: page.getByRole('form', { name: 'Sign in' }),
    connection: page.getByLabel('Connection'),
    facility: page.getByLabel('Facility'),
    username: page.getByLabel('Username'),
    // The label is "Password *" (the asterisk is hidden from assistive tech); "Show password" is the toggle.
    password: page.getByLabel(/^Password/),
    submit: page.getByRole('button', { name: 'Login' }),
  };
}

/** Fills and submits the login form. */
export async function signInWithForm(page: Page, user: string, options: { facility?: string } = {}) {
  const screen = loginScreen(page);
  await expect(screen.submit).toBeVisible();
  if (options.facility) await screen.facility.selectOption({ label: options.facility });
  await screen.username.fill(user);
  await screen.password.fill(demo.password);
  await screen.submit.click();
}

/** Everything the page keeps in web storage, to check what is (and is not) there. */
export function webStorage(page: Page) {
  return page.evaluate(() => {
    const entries = (storage: Storage) => {
      const values: Partial<Record<string, string>> = {};
      for (let i = 0; i < storage.length; i += 1) {
        const key = storage.key(i);
        if (key !== null) values[key] = storage.getItem(key) ?? undefined;
      }
      return values;
    };
    return { session: entries(window.sessionStorage), local: entries(window.localStorage) };
  });
}
