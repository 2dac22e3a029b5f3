import { useCallback, useEffect } from 'react';
import { useStoreInTransition } from '../../../lib/use-store-in-transition';

/**
 * Server state for the login route only. Everywhere else react-query holds server state; the login
 * screen keeps its JavaScript under the 150 KB budget without it (docs/decisions/0011). Answers are
 * cached per key for the page's lifetime, so a connection chosen again shows its facilities at once.
 */

interface Entry<T> {
  status: 'pending' | 'error' | 'success';
  data?: T;
  error?: unknown;
  fetchedAt: number;
  promise?: Promise<T>;
}

interface RequestBase<T> {
  refetch: () => Promise<T>;
}
export type LoginRequestState<T> = RequestBase<T> &
  (
    | { isPending: true; isError: false; isSuccess: false; data: T | undefined; error: unknown }
    | { isPending: false; isError: true; isSuccess: false; data: T | undefined; error: unknown }
    | { isPending: false; isError: false; isSuccess: true; data: T; error: unknown }
  );

const entries = new Map<string, Entry<unknown>>();
const listeners = new Set<() => void>();
const notify = () => listeners.forEach((listener) => listener());
const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};

/** Loads `key` now (a fresh answer even when one is cached), sharing a load already under way. */
export function fetchLoginData<T>(key: string, load: () => Promise<T>): Promise<T> {
  const current = entries.get(key) as Entry<T> | undefined;
  if (current?.promise) return current.promise;
  const promise = load().then(
    (data) => {
      entries.set(key, { status: 'success', data, fetchedAt: Date.now() });
      notify();
      return data;
    },
    (error: unknown) => {
      entries.set(key, {
        status: current?.data === undefined ? 'error' : 'success',
        data: current?.data,
        error,
        fetchedAt: Date.now(),
      });
      notify();
      throw error;
    },
  );
  entries.set(key, {
    status: current?.data === undefined ? 'pending' : 'success',
    data: current?.data,
    fetchedAt: current?.fetchedAt ?? 0,
    promise,
  });
  notify();
  return promise;
}

/** Puts an answer known from elsewhere (the page data's facilities) in the cache. */
export function seedLoginData<T>(key: string, data: T): void {
  if (!entries.has(key)) entries.set(key, { status: 'success', data, fetchedAt: Date.now() });
}

/** Drops every cached answer (a new visit to the login screen shows today's lists). */
export function clearLoginData(): void {
  entries.clear();
}

/**
 * The state of one request, loaded when first needed or older than `staleMs`; `key` null = idle.
 * @example const facilities = useLoginRequest(`facilities:${name}`, () => getFacilities(name));
 */
export function useLoginRequest<T>(key: string | null, load: () => Promise<T>, staleMs = 0): LoginRequestState<T> {
  // An answer is drawn in a transition (short slices), so the form the page data brings does not
  // hold a phone's main thread in one long task.
  const entry = useStoreInTransition(
    subscribe,
    () => (key ? (entries.get(key) as Entry<T> | undefined) : undefined),
    key,
  );
  useEffect(() => {
    if (!key) return;
    const current = entries.get(key);
    const fresh =
      current && (current.promise || Date.now() - current.fetchedAt < staleMs || current.status === 'error');
    if (!fresh) fetchLoginData(key, load).catch(() => undefined);
    // `load` is a new function each render; the key names what it loads.
  }, [key, staleMs]); // eslint-disable-line react-hooks/exhaustive-deps
  const refetch = useCallback(() => (key ? fetchLoginData(key, load) : Promise.reject(new Error('idle'))), [key]); // eslint-disable-line react-hooks/exhaustive-deps
  if (key && entry?.status === 'success') {
    return { isPending: false, isError: false, isSuccess: true, data: entry.data as T, error: entry.error, refetch };
  }
  if (key && entry?.status === 'error') {
    return { isPending: false, isError: true, isSuccess: false, data: entry.data, error: entry.error, refetch };
  }
  return { isPending: true, isError: false, isSuccess: false, data: entry?.data, error: undefined, refetch };
}
