import { useSyncExternalStore } from 'react';

/** The seed's global loading flag: while true, the full-screen 'Loading...' overlay shows. */
let loading = false;
const listeners = new Set<() => void>();

export const loadingState = {
  get: (): boolean => loading,
  set: (next: boolean): void => {
    if (next === loading) return;
    loading = next;
    for (const listener of listeners) listener();
  },
  subscribe: (listener: () => void): (() => void) => {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
};

export function useLoading(): boolean {
  return useSyncExternalStore(loadingState.subscribe, loadingState.get);
}
