import { liveQuery } from 'dexie';
import { useEffect, useState } from 'react';

/**
 * A Dexie live query as React state: redrawn whenever the rows it read change, in this tab or
 * another. `key` names what the query depends on (it restarts when the key changes).
 */
export function useLive<T>(key: string | null, query: () => Promise<T>): T | undefined {
  const [state, setState] = useState<{ key: string | null; value: T } | undefined>();
  useEffect(() => {
    if (key === null) return;
    const subscription = liveQuery(query).subscribe({
      next: (value) => setState({ key, value }),
      error: (error: unknown) => console.error('A live query of the browser database failed', error),
    });
    return () => subscription.unsubscribe();
    // The query is re-created each render; the key says when it means something else.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [key]);
  return state?.key === key ? state.value : undefined;
}
