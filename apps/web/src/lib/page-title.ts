import { useSyncExternalStore } from 'react';

/**
 * What the top bar shows about the current page: the seed's `pageTitle` and `childPageTitle`, the
 * permit type whose icon goes beside them, and `showTopbar`. Pages set it; it is mirrored into the
 * seed's session-storage keys so a reload shows the same titles before the page has rendered.
 */
export interface PageTitle {
  title: string;
  childTitle: string;
  /** Permit type code when the page is about one type (its icon shows in the top bar). */
  permitType: string | null;
  showTopbar: boolean;
}

function readKey(key: string): string | null {
  try {
    return window.sessionStorage.getItem(key);
  } catch {
    return null;
  }
}

function writeKey(key: string, value: string): void {
  try {
    window.sessionStorage.setItem(key, value);
  } catch (error) {
    console.warn(`Could not save "${key}" in sessionStorage`, error);
  }
}

function initial(): PageTitle {
  if (typeof window === 'undefined') return { title: '', childTitle: '', permitType: null, showTopbar: true };
  return {
    title: readKey('pageTitle') ?? '',
    childTitle: readKey('childPageTitle') ?? '',
    permitType: null,
    showTopbar: readKey('showTopbar') !== 'false',
  };
}

let current: PageTitle = initial();
const listeners = new Set<() => void>();

export const pageTitleState = {
  get: (): PageTitle => current,
  /** Sets the titles (and writes `pageTitle`, `childPageTitle`, `showTopbar`). */
  set: (next: Partial<PageTitle> & Pick<PageTitle, 'title'>): void => {
    const value: PageTitle = {
      title: next.title,
      childTitle: next.childTitle ?? '',
      permitType: next.permitType ?? null,
      showTopbar: next.showTopbar ?? true,
    };
    writeKey('pageTitle', value.title);
    writeKey('childPageTitle', value.childTitle);
    writeKey('showTopbar', String(value.showTopbar));
    if (
      value.title === current.title &&
      value.childTitle === current.childTitle &&
      value.permitType === current.permitType &&
      value.showTopbar === current.showTopbar
    )
      return;
    current = value;
    for (const listener of listeners) listener();
  },
  subscribe: (listener: () => void): (() => void) => {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
};

export function usePageTitle(): PageTitle {
  return useSyncExternalStore(pageTitleState.subscribe, pageTitleState.get);
}

/** The browser tab's title: child, page, product, e.g. "User Manage · Security · Hasp". */
export function documentTitle(title: PageTitle, product: string): string {
  return [title.childTitle, title.title, product].filter(Boolean).join(' · ');
}
