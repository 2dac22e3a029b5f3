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
/** Whether this page load began online (network up, no offline toggle kept from before a reload). */
const onlineAtLoad = snapshot.networkOnline;
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
  /**
   * True when this document was loaded online: an app found offline on its first render then lost
   * the network after loading (going offline), while a reload already offline (no network, or the
   * user's toggle kept for the tab) stays on the page it reloads.
   */
  onlineAtLoad: (): boolean => onlineAtLoad,
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
