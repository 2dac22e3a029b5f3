import { expect, test as base } from '@playwright/test';
import { demo } from './hasp';
import { signIn } from './sign-in';

interface HaspFixtures {
  /**
   * Signs in through the API, as tests that are not about the form do. The browser context keeps
   * the HttpOnly refresh cookie, and the app resumes the session from it on the next page load.
   */
  signIn: (options?: { user?: string; facilityId?: number }) => Promise<void>;
}

export const test = base.extend<HaspFixtures>({
  signIn: async ({ page }, use) => {
    await use(async ({ user = demo.admin.userName, facilityId = demo.northPlant.ID } = {}) => {
      await signIn(page, user, { facilityId });
    });
  },
});

export { expect };
