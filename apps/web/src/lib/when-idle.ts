/**
 * Runs `work` once the page has loaded and the browser is idle (at most `within` ms after the load),
 * unless the returned function cancels it first. For what a screen does not show itself (the code
 * and data kept for offline use): it waits behind what the screen needs.
 */
export function whenIdle(work: () => void, within = 2_000): () => void {
  let cancel = () => {};
  const start = () => {
    if (typeof window.requestIdleCallback === 'function') {
      const id = window.requestIdleCallback(work, { timeout: within });
      cancel = () => window.cancelIdleCallback(id);
    } else {
      const id = window.setTimeout(work, 200);
      cancel = () => window.clearTimeout(id);
    }
  };
  if (document.readyState === 'complete') start();
  else {
    window.addEventListener('load', start, { once: true });
    cancel = () => window.removeEventListener('load', start);
  }
  return () => cancel();
}
