import { TOAST_AUTO_CLOSE_MS } from '@hasp/contracts';

/** A toast: top-right, closes itself after 6000 ms (the seed) unless `autoClose` says otherwise. */
export interface ToastOptions {
  title: string;
  message: string;
  tone?: 'error' | 'warning' | 'info' | 'success';
  /** Milliseconds, or false for a toast that stays until closed (a persistent warning). */
  autoClose?: number | false;
  /** Toasts with the same id are shown once at a time; by default the id is the title and message. */
  id?: string;
}

export interface Toast {
  id: string;
  title: string;
  message: string;
  tone: NonNullable<ToastOptions['tone']>;
  autoClose: number | false;
}

let toasts: readonly Toast[] = [];
const listeners = new Set<() => void>();

function publish(next: readonly Toast[]): void {
  toasts = next;
  for (const listener of listeners) listener();
}

/**
 * The toasts on screen. Their UI (lib/toast-host.tsx) is not first-screen code: it loads with the
 * first toast.
 */
export const toastStore = {
  get: (): readonly Toast[] => toasts,
  subscribe: (listener: () => void): (() => void) => {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
  dismiss: (id: string): void => publish(toasts.filter((toast) => toast.id !== id)),
  /** Tests. */
  clear: (): void => publish([]),
};

/**
 * Shows a toast with a close button. An identical toast is not stacked while one is on screen.
 * @example showToast({ title: 'Error code: 500', message: 'Something went wrong on our side', tone: 'error' })
 */
export function showToast(options: ToastOptions): void {
  const id = options.id ?? `${options.title}\n${options.message}`;
  if (toasts.some((toast) => toast.id === id)) return;
  publish([
    ...toasts,
    {
      id,
      title: options.title,
      message: options.message,
      tone: options.tone ?? 'info',
      autoClose: options.autoClose ?? TOAST_AUTO_CLOSE_MS,
    },
  ]);
}
