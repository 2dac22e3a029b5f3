import { useEffect, useState, useSyncExternalStore } from 'react';
import { shellPlatform } from '@hasp/contracts';
import { translate } from './i18n';
import { toastStore, type Toast } from './toast';
import classes from './toast-host.module.css';

/** At most this many toasts at once; the rest wait their turn. */
const VISIBLE_LIMIT = 5;

/**
 * The toasts, top right (at phone width at the foot of the screen, clear of the top bar: the CSS,
 * decision 0068). Each closes itself after its time (paused while the pointer or focus is on
 * it) or with its close button. Errors and warnings are alerts; the rest are polite status messages.
 */
export default function ToastHost() {
  const toasts = useSyncExternalStore(toastStore.subscribe, toastStore.get);
  return (
    <div className={classes.region}>
      {toasts.slice(0, VISIBLE_LIMIT).map((toast) => (
        <ToastCard key={toast.id} toast={toast} />
      ))}
    </div>
  );
}

function ToastCard({ toast }: { toast: Toast }) {
  const [paused, setPaused] = useState(false);
  const [remaining, setRemaining] = useState(toast.autoClose);

  useEffect(() => {
    if (remaining === false || paused) return;
    const started = Date.now();
    const timer = setTimeout(() => toastStore.dismiss(toast.id), remaining);
    return () => {
      clearTimeout(timer);
      setRemaining((left) => (left === false ? left : Math.max(0, left - (Date.now() - started))));
    };
  }, [paused, remaining, toast.id]);

  const urgent = toast.tone === 'error' || toast.tone === 'warning';
  return (
    <div
      className={classes.toast}
      data-tone={toast.tone}
      role={urgent ? 'alert' : 'status'}
      onPointerEnter={() => setPaused(true)}
      onPointerLeave={() => setPaused(false)}
      onFocus={() => setPaused(true)}
      onBlur={() => setPaused(false)}
    >
      <div className={classes.text}>
        <p className={classes.title}>{toast.title}</p>
        <p className={classes.message}>{toast.message}</p>
      </div>
      <button
        type="button"
        className={classes.close}
        aria-label={translate(shellPlatform.closeToast)}
        onClick={() => toastStore.dismiss(toast.id)}
      >
        <svg viewBox="0 0 24 24" width="16" height="16" aria-hidden="true" focusable="false">
          <path d="M18 6L6 18M6 6l12 12" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
        </svg>
      </button>
    </div>
  );
}
