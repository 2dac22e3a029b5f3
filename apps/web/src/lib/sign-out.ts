import type { QueryClient } from '@tanstack/react-query';
import { authSession } from './auth-session';
import { apiRequest } from './http';
import { setInactivityNotice } from './inactivity-notice';

/** Revokes the refresh-token family on the server; the refresh cookie is cleared by the answer. */
function logoutOnServer(): Promise<void> {
  return apiRequest('auth/logout', { method: 'POST', body: {} });
}

function endLocally(queryClient: QueryClient): void {
  queryClient.clear();
  authSession.end('signedOut');
}

/**
 * Signs out from the user menu. The local session ends even when the server cannot be reached:
 * nobody should stay signed in on a shared plant-floor device because the network dropped.
 */
export async function signOut(queryClient: QueryClient): Promise<void> {
  try {
    await logoutOnServer();
  } catch {
    // Ended locally below; the refresh token expires on its own.
  }
  endLocally(queryClient);
}

/**
 * Signs out after the inactivity timeout: the screen is cleared at once (nobody is watching it),
 * the server is told in the background, and the login page shows the persistent warning.
 */
export function signOutForInactivity(queryClient: QueryClient): void {
  setInactivityNotice();
  logoutOnServer().catch(() => {
    // Offline or unreachable: the local session still ends.
  });
  endLocally(queryClient);
}
