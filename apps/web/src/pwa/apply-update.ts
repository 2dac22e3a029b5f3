import { updateState } from './update-state';

/** Activates the waiting version and reloads into it (the 'Refresh' button). */
export function applyUpdate(registration = updateState.registration()): void {
  const waiting = registration?.waiting;
  if (!waiting) {
    // Another tab already switched to the new version: this one only needs to reload.
    window.location.reload();
    return;
  }
  let reloaded = false;
  const reload = () => {
    if (reloaded) return;
    reloaded = true;
    window.location.reload();
  };
  navigator.serviceWorker.addEventListener('controllerchange', reload, { once: true });
  waiting.addEventListener('statechange', () => {
    if (waiting.state === 'activated') reload();
  });
  waiting.postMessage({ type: 'SKIP_WAITING' });
}
