import { startTransition, useEffect, useState } from 'react';

/**
 * Reads an outside store like `useSyncExternalStore`, but re-renders for a change in a transition.
 * React draws a transition in short slices, while `useSyncExternalStore` draws every change in one
 * synchronous task; for what arrives from the network as the app starts (the login screen's
 * answers, the captions) one long task is what a phone's main thread notices (docs/decisions/0025).
 * A change between the first render and the subscription is caught when subscribing.
 * @param key what `read` reads (e.g. the request's key): a new key is read at once, not a render later
 * @example const entry = useStoreInTransition(subscribe, () => entries.get(key), key);
 */
export function useStoreInTransition<T>(
  subscribe: (listener: () => void) => () => void,
  read: () => T,
  key: unknown = null,
): T {
  const [shown, setShown] = useState(() => ({ key, value: read() }));
  useEffect(() => {
    const check = () => {
      const value = read();
      startTransition(() =>
        setShown((current) => (current.key === key && Object.is(current.value, value) ? current : { key, value })),
      );
    };
    check();
    return subscribe(check);
    // `read` is the same reading for the same key; `subscribe` is the store's.
  }, [key]); // eslint-disable-line react-hooks/exhaustive-deps
  return shown.key === key ? shown.value : read();
}
