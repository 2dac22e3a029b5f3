import { EMBEDDED_ROLES } from '../../src/db/database-roles';

/** The test server's owner and application roles' passwords (the server's own come from its data folder). */
export const TEST_ROLE_PASSWORDS = { owner: 'hasp-test-owner-password', app: 'hasp-test-app-password' };

/** A database's URL on the server of `adminUrl`, signed in as the owner or the application role. */
export function roleUrl(adminUrl: string, database: string, role: 'owner' | 'app'): string {
  const url = new URL(adminUrl);
  url.username = EMBEDDED_ROLES[role];
  url.password = TEST_ROLE_PASSWORDS[role];
  url.pathname = `/${database}`;
  return url.toString();
}
