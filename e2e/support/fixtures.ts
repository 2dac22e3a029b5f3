import { expect, test as base } from '@playwright/test';
import pg from 'pg';
import { e2eDatabaseUrl } from './database';
import { demo } from './hasp';
import { signIn } from './sign-in';

/** The advisory lock every test holds shared and a test changing a facility's settings holds alone. */
const FACILITY_SETTINGS_LOCK = 7_310_147;

interface HaspFixtures {
  /**
   * Signs in through the API, as tests that are not about the form do. The browser context keeps
   * the HttpOnly refresh cookie, and the app resumes the session from it on the next page load.
   */
  signIn: (options?: { user?: string; facilityId?: number }) => Promise<void>;
  /**
   * A test that changes a demo facility's own settings for a while (module switches, the
   * Translations switch, login timeout): `test.use({ changesFacilitySettings: true })`. It runs
   * alone — no other test runs while it holds them — because every other test reads those settings
   * (a parallel test once lost its Offline Dashboard link while the module switches were off).
   */
  changesFacilitySettings: boolean;
  facilitySettingsGuard: void;
}

export const test = base.extend<HaspFixtures>({
  signIn: async ({ page }, use) => {
    await use(async ({ user = demo.admin.userName, facilityId = demo.northPlant.ID } = {}) => {
      await signIn(page, user, { facilityId });
    });
  },
  changesFacilitySettings: [false, { option: true }],
  facilitySettingsGuard: [
    async ({ changesFacilitySettings }, use, testInfo) => {
      // Waiting for the other worker's test to end counts toward this test's time.
      if (changesFacilitySettings) testInfo.setTimeout(testInfo.timeout + 300_000);
      const client = new pg.Client({ connectionString: e2eDatabaseUrl('hasp_demo') });
      await client.connect();
      try {
        await client.query(
          changesFacilitySettings ? 'select pg_advisory_lock($1)' : 'select pg_advisory_lock_shared($1)',
          [FACILITY_SETTINGS_LOCK],
        );
        await use();
      } finally {
        // Ending the session lets the lock go.
        await client.end();
      }
    },
    { auto: true },
  ],
});

export { expect };
