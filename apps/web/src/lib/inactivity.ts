import { ACTIVITY_THROTTLE_MS, DEFAULT_LOGIN_TIMEOUT_MIN, OFFLINE_LOGIN_TIMEOUT_MIN } from '@hasp/contracts';

/** Local-storage key holding the last activity time (ms since epoch), shared by every open tab. */
export const LAST_ACTIVE_KEY = 'lastActive';

/**
 * What counts as activity. The seed names mouse movement; a keyboard or touch user is just as
 * present, so key presses, taps, clicks and wheel turns count too.
 */
export const ACTIVITY_EVENTS = ['mousemove', 'mousedown', 'keydown', 'touchstart', 'wheel'] as const;

/**
 * The seed's inactivity timeout in minutes: the facility's loginTimeout; an invalid value or one
 * under 1 gives 10; offline it is always 1440 (a day on the plant floor without a network).
 * @example inactivityTimeoutMinutes(30, true) // 30
 */
export function inactivityTimeoutMinutes(loginTimeout: unknown, online: boolean): number {
  if (!online) return OFFLINE_LOGIN_TIMEOUT_MIN;
  const minutes = typeof loginTimeout === 'string' && loginTimeout.trim() !== '' ? Number(loginTimeout) : loginTimeout;
  if (typeof minutes !== 'number' || !Number.isFinite(minutes) || minutes < 1) return DEFAULT_LOGIN_TIMEOUT_MIN;
  return minutes;
}

export interface InactivityWatchOptions {
  timeoutMs: number;
  /** Called once, when nobody has been active in any tab for `timeoutMs`. */
  onTimeout: () => void;
  /** Where activity and `storage` events come from. */
  target?: Window;
  storage?: Storage | null;
  now?: () => number;
  throttleMs?: number;
}

export interface InactivityWatch {
  /** The last activity time seen here or in another tab. */
  lastActive: () => number;
  /** Changes the timeout (settings loaded, gone offline) without counting it as activity. */
  setTimeoutMs: (ms: number) => void;
  stop: () => void;
}

function defaultStorage(): Storage | null {
  try {
    return window.localStorage;
  } catch {
    return null;
  }
}

function parseTime(raw: string | null | undefined): number | null {
  if (!raw) return null;
  const value = Number(raw);
  return Number.isFinite(value) && value > 0 ? value : null;
}

/**
 * Watches for activity and calls `onTimeout` after `timeoutMs` without any. Activity is sampled at
 * most once per `throttleMs` (the seed's once a second) and written to local storage, so activity
 * in any tab keeps every tab signed in. Timers are plain setTimeout, so fake clocks can drive it.
 */
export function watchInactivity(options: InactivityWatchOptions): InactivityWatch {
  const target = options.target ?? window;
  const storage = options.storage === undefined ? defaultStorage() : options.storage;
  const now = options.now ?? (() => Date.now());
  const throttleMs = options.throttleMs ?? ACTIVITY_THROTTLE_MS;
  let timeoutMs = options.timeoutMs;
  let lastActive = 0;
  let lastSample = Number.NEGATIVE_INFINITY;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let stopped = false;

  const seen = (time: number) => {
    if (time > lastActive) lastActive = time;
  };

  const record = () => {
    const time = now();
    if (time - lastSample < throttleMs) return;
    lastSample = time;
    seen(time);
    try {
      storage?.setItem(LAST_ACTIVE_KEY, String(time));
    } catch {
      // Storage full or unavailable: this tab still counts its own activity.
    }
  };

  const schedule = () => {
    clearTimeout(timer);
    if (stopped) return;
    timer = setTimeout(check, Math.max(0, lastActive + timeoutMs - now()));
  };

  function check() {
    if (stopped) return;
    try {
      const shared = parseTime(storage?.getItem(LAST_ACTIVE_KEY));
      if (shared !== null) seen(shared);
    } catch {
      // Unreadable storage: rely on what this tab saw.
    }
    if (now() - lastActive >= timeoutMs) {
      stop();
      options.onTimeout();
    } else schedule();
  }

  const onStorage = (event: StorageEvent) => {
    if (event.key !== LAST_ACTIVE_KEY) return;
    const time = parseTime(event.newValue);
    if (time !== null) seen(time);
  };

  function stop() {
    stopped = true;
    clearTimeout(timer);
    for (const type of ACTIVITY_EVENTS) target.removeEventListener(type, record);
    target.removeEventListener('storage', onStorage);
  }

  // Starting (a sign-in, a page load) is activity.
  record();
  for (const type of ACTIVITY_EVENTS) target.addEventListener(type, record, { passive: true });
  target.addEventListener('storage', onStorage);
  schedule();

  return {
    lastActive: () => lastActive,
    setTimeoutMs: (ms) => {
      if (ms === timeoutMs) return;
      timeoutMs = ms;
      schedule();
    },
    stop,
  };
}
