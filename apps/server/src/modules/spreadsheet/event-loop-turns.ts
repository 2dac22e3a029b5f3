import { setImmediate as nextTurn } from 'node:timers/promises';

/**
 * For long synchronous-looking work done in slices (reading an upload): call the returned
 * function after each slice; every `ms` milliseconds it gives the event loop a turn, so other
 * requests (health checks included) keep being answered while a 20 MB file is read.
 */
export function eventLoopTurns(ms = 8): () => Promise<void> | undefined {
  let last = performance.now();
  return () => {
    if (performance.now() - last < ms) return undefined;
    return nextTurn().then(() => {
      last = performance.now();
    });
  };
}
