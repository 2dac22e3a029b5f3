import { useSyncExternalStore } from 'react';

/**
 * The seed's networkOnline flag: the browser's online/offline events, and the user's own
 * "go offline" choice (kept for the tab's session). Online only when both say so.
 */
const USER_OFFLINE_KEY = 'userOffline';

function readUserOffline(): boolean {
  try {
    return sessionStorage.getItem(USER_OFFLINE_KEY) === 'true';
  } catch {
    return false;
  }
}

let browserOnline = typeof navigator === 'undefined' ? true : navigator.onLine;
let userOffline = readUserOffline();
let snapshot = { networkOnline: browserOnline && !userOffline, browserOnline, userOffline };
const listeners = new Set<() => void>();

function publish(): void {
  snapshot = { networkOnline: browserOnline && !userOffline, browserOnline, userOffline };
  for (const listener of listeners) listener();
}

if (typeof window !== 'undefined') {
  window.addEventListener('online', () => {
    browserOnline = true;
    publish();
  });
  window.addEventListener('offline', () => {
    browserOnline = false;
    publish();
  });
}

export type NetworkSnapshot = typeof snapshot;

export const networkState = {
  get: (): NetworkSnapshot => snapshot,
  isOnline: (): boolean => snapshot.networkOnline,
  /** The user's go-offline / go-online toggle. */
  setUserOffline: (offline: boolean): void => {
    userOffline = offline;
    try {
      if (offline) sessionStorage.setItem(USER_OFFLINE_KEY, 'true');
      else sessionStorage.removeItem(USER_OFFLINE_KEY);
    } catch {
      // storage unavailable: the choice lasts until reload
    }
    publish();
  },
  subscribe: (listener: () => void): (() => void) => {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
};

export function useNetwork(): NetworkSnapshot {
  return useSyncExternalStore(networkState.subscribe, networkState.get);
}
