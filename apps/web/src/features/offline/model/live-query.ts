import { useEffect, useState } from 'react';
import type { HaspDatabase } from '../../../offline-db';

/**
 * A query over the browser database that re-runs whenever the tables it read change (Dexie's
 * liveQuery), in this tab or another. Dexie loads on first use, outside the login route's code.
 * `deps` name what the query depends on; `undefined` until the first answer.
 */
export function useLiveQuery<T>(query: (db: HaspDatabase) => Promise<T>, deps: readonly unknown[]): T | undefined {
  const [value, setValue] = useState<{ deps: readonly unknown[]; value: T } | undefined>();
  useEffect(() => {
    let unsubscribe: (() => void) | undefined;
    let stopped = false;
    void Promise.all([import('dexie'), import('../../../offline-db')]).then(([{ liveQuery }, { browserDatabase }]) => {
      if (stopped) return;
      const db = browserDatabase();
      const subscription = liveQuery(() => query(db)).subscribe({
        next: (next) => setValue({ deps, value: next }),
        error: (error: unknown) => console.error('Browser database query failed', error),
      });
      unsubscribe = () => subscription.unsubscribe();
    });
    return () => {
      stopped = true;
      unsubscribe?.();
    };
    // The caller names the query's inputs in deps (like useEffect's).
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, deps);
  // An answer for other inputs is not this one's.
  return value && sameDeps(value.deps, deps) ? value.value : undefined;
}

const sameDeps = (a: readonly unknown[], b: readonly unknown[]) =>
  a.length === b.length && a.every((value, i) => Object.is(value, b[i]));
