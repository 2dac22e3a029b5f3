import { use, useState, type ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router';
import { authSession, useAuthState } from '../lib/auth-session';
import { ApiRequestError, refreshSession } from '../lib/http';
import { loginPathFor } from '../lib/redirect-target';
import { readStoredSession } from '../lib/storage';

let resumeAttempt: Promise<boolean> | null = null;

/**
 * Tries once per page load to resume the session: after a reload the access token (kept in memory
 * only) is gone, but the HttpOnly refresh cookie can renew it. Cached so that `use()` can suspend on it.
 */
function resumeSessionOnce(): Promise<boolean> {
  resumeAttempt ??= refreshSession().then(
    () => true,
    (error: unknown) => resumeWithoutNetwork(error),
  );
  return resumeAttempt;
}

/**
 * The refresh got no answer at all (no network, the plant floor): the tab's session goes on
 * offline from its session keys, so a reload with no network opens the app and its stored permits.
 * An answer from the server (401: the session is over) means signing in again.
 */
function resumeWithoutNetwork(error: unknown): boolean {
  if (error instanceof ApiRequestError) return false;
  const stored = readStoredSession();
  if (!stored) return false;
  authSession.resumeWithoutNetwork(stored);
  return true;
}

/** Lets tests start from a fresh page load. */
export function resetResumeAttempt(): void {
  resumeAttempt = null;
}

/**
 * The signed-in area's gate. Not signed in: resume from the refresh cookie if this page load has
 * not tried yet, else go to /login, remembering the attempted URL (the seed's rule). After a
 * deliberate sign-out the URL is not remembered.
 */
export function RequireSession({ children }: { children: ReactNode }) {
  const { session, endReason } = useAuthState();
  const location = useLocation();
  if (session) return children;
  if (endReason === null && use(resumeSessionOnce()) && authSession.getState().session) return children;
  return <Navigate to={endReason === 'signedOut' ? '/login' : loginPathFor(location)} replace />;
}

/**
 * The login screen's gate: a user who arrives signed in goes to `/`. Only a tab whose session keys
 * say it was signed in tries the cookie, so a plain visit to the login page makes no failing request.
 * The check is made on arrival only: signing in on this screen leaves the navigation (to the
 * remembered URL) to the form.
 */
export function SignedOutOnly({ children }: { children: ReactNode }) {
  const [arrival] = useState(() => {
    const { session, endReason } = authSession.getState();
    return { signedIn: session !== null, mayResume: endReason === null && readStoredSession() !== null };
  });
  if (arrival.signedIn || (arrival.mayResume && use(resumeSessionOnce()))) return <Navigate to="/" replace />;
  return children;
}
