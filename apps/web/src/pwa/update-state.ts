import { useSyncExternalStore } from 'react';

/** A new version's service worker is installed and waiting for the user's 'Refresh'. */
let waiting: ServiceWorkerRegistration | null = null;
const listeners = new Set<() => void>();

export const updateState = {
  registration: (): ServiceWorkerRegistration | null => waiting,
  isAvailable: (): boolean => waiting !== null,
  setAvailable: (registration: ServiceWorkerRegistration): void => {
    if (waiting === registration) return;
    waiting = registration;
    for (const listener of listeners) listener();
  },
  subscribe: (listener: () => void): (() => void) => {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
  /** Tests. */
  reset: (): void => {
    waiting = null;
  },
};

export function useUpdateAvailable(): boolean {
  return useSyncExternalStore(updateState.subscribe, updateState.isAvailable);
}
