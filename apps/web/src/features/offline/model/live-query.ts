import { useEffect, useState } from 'react';
import type { HaspDatabase } from '../../../offline-db';

/**
 * A query over the browser database that re-runs whenever the tables it read change (Dexie's
 * liveQuery), in this tab or another. Dexie loads on first use, outside the login route's code.
 * `deps` name what the query depends on; `undefined` until the first answer. `paused`: no re-runs
 * until it is false again (the answer shown meanwhile is the last one).
 */
export function useLiveQuery<T>(
  query: (db: HaspDatabase) => Promise<T>,
  deps: readonly unknown[],
  options: { paused?: boolean } = {},
): T | undefined {
  const [value, setValue] = useState<{ deps: readonly unknown[]; value: T } | undefined>();
  const paused = options.paused ?? false;
  useEffect(() => {
    let unsubscribe: (() => void) | undefined;
    let stopped = false;
    void Promise.all([import('dexie'), import('../../../offline-db')]).then(([{ liveQuery }, { browserDatabase }]) => {
      if (stopped) return;
      const db = browserDatabase();
      if (paused) {
        // Paused (a download storing page after page, decision 0065): the last answer stays, or
        // one answer now if there is none; the query runs live again, once, when unpaused.
        if (!value || !sameDeps(value.deps, deps)) {
          void query(db).then(
            (next) => !stopped && setValue({ deps, value: next }),
            (error: unknown) => console.error('Browser database query failed', error),
          );
        }
        return;
      }
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
    // The caller names the query's inputs in deps (like useEffect's); pausing keeps the answer.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [...deps, paused]);
  // An answer for other inputs is not this one's.
  return value && sameDeps(value.deps, deps) ? value.value : undefined;
}

const sameDeps = (a: readonly unknown[], b: readonly unknown[]) =>
  a.length === b.length && a.every((value, i) => Object.is(value, b[i]));
