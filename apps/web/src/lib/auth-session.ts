import { useSyncExternalStore } from 'react';
import type { Facility, LoginResult, User } from '@hasp/contracts';
import {
  clearSessionKeys,
  readLoggedInViaSSO,
  writeLoggedOutFlag,
  writeSessionKeys,
  type StoredSession,
} from './storage';

/** The signed-in session. The access token lives here, in memory only, never in web storage. */
export interface Session {
  token: string;
  user: User;
  facility: Facility;
  connectionStringName: string;
  /** Signed in through the identity provider (the seed's loggedInViaSSO). */
  viaSSO: boolean;
}

/** Why there is no session: the user signed out, or the session could not be renewed. */
export type SessionEndReason = 'signedOut' | 'expired';

export interface AuthState {
  session: Session | null;
  endReason: SessionEndReason | null;
}

let state: AuthState = { session: null, endReason: null };
const listeners = new Set<() => void>();

function set(next: AuthState): void {
  state = next;
  for (const listener of listeners) listener();
}

/** The one place that knows whether someone is signed in; React reads it with useAuthState. */
export const authSession = {
  getState: (): AuthState => state,
  getToken: (): string | null => state.session?.token ?? null,
  subscribe: (listener: () => void): (() => void) => {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
  /**
   * Starts (or renews) the session from a login or token-refresh answer. A renewal (no `viaSSO`)
   * keeps how the session began, also across a page reload.
   */
  start: (result: LoginResult, viaSSO = state.session?.viaSSO ?? readLoggedInViaSSO()): void => {
    writeSessionKeys(result, { loggedInViaSSO: viaSSO });
    set({
      session: {
        token: result.token,
        user: result.user,
        facility: result.facility,
        connectionStringName: result.connectionStringName,
        viaSSO,
      },
      endReason: null,
    });
  },
  /**
   * A reload with no network: the refresh cookie cannot be sent, so the session the tab
   * had (its session keys: connection, facility, user) goes on without an access token. Nothing
   * reaches the server without one; the first request once online gets 401 and the seed's 401
   * procedure renews the token from the cookie (or ends the session if the server refuses).
   */
  resumeWithoutNetwork: (stored: StoredSession): void =>
    set({
      session: {
        token: '',
        user: stored.user,
        facility: stored.facility,
        connectionStringName: stored.connectionStringName,
        viaSSO: stored.loggedInViaSSO,
      },
      endReason: null,
    }),
  /** Back to the state of a fresh page load (tests). */
  reset: (): void => set({ session: null, endReason: null }),
  /**
   * Ends the session and clears the session keys; the local-storage preselection stays. An SSO
   * session leaves the logged-out flag, so the login screen does not bounce back to the IdP.
   */
  end: (reason: SessionEndReason): void => {
    if (state.session?.viaSSO ?? readLoggedInViaSSO()) writeLoggedOutFlag(true);
    clearSessionKeys();
    set({ session: null, endReason: reason });
  },
};

export function useAuthState(): AuthState {
  return useSyncExternalStore(authSession.subscribe, authSession.getState);
}
