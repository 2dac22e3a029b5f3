/**
 * Session-storage flag behind the login page's persistent inactivity warning: set when the
 * inactivity timer signs the user out, removed when the user dismisses the warning or signs in.
 */
export const INACTIVITY_NOTICE_KEY = 'loggedOutInactivity';

export function setInactivityNotice(): void {
  try {
    window.sessionStorage.setItem(INACTIVITY_NOTICE_KEY, 'true');
  } catch {
    // Storage unavailable: the sign-out still happens, without the warning.
  }
}

export function hasInactivityNotice(): boolean {
  try {
    return window.sessionStorage.getItem(INACTIVITY_NOTICE_KEY) === 'true';
  } catch {
    return false;
  }
}

export function clearInactivityNotice(): void {
  try {
    window.sessionStorage.removeItem(INACTIVITY_NOTICE_KEY);
  } catch {
    // Nothing to clear.
  }
}
