import { useCallback } from 'react';
import type { Caption, CaptionResources } from '@hasp/contracts';
import { useStoreInTransition } from './use-store-in-transition';

/**
 * The captions on screen: each language's captions from the server, the language shown, and the
 * caption function components read (lib/i18n.ts fetches them and switches the language). Apart from
 * the fetching, so the HTTP client's error toasts can say their captions without importing it back.
 */

/** The language the app starts in (and falls back to): English, the default captions. */
export const DEFAULT_LANGUAGE = 'en';
/** The user's language on this device, so the login screen speaks it before anyone signs in. */
export const LANGUAGE_KEY = 'hasp:language';

type Values = Record<string, string | number>;

export function readLocal(key: string): string | null {
  try {
    return localStorage.getItem(key);
  } catch {
    return null;
  }
}

let shownLanguage = readLocal(LANGUAGE_KEY) ?? DEFAULT_LANGUAGE;
/** Each language's captions from the server; what is missing shows its default caption. */
const captionsByLanguage = new Map<string, CaptionResources>();
/** Bumped on every change of language or captions: components re-render on it. */
let revision = 0;
const listeners = new Set<() => void>();

function changed(): void {
  revision += 1;
  listeners.forEach((listener) => listener());
}

const readRevision = () => revision;

export function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Whether a language's captions came from the server (or the cache). */
export function hasCaptions(language: string): boolean {
  return captionsByLanguage.has(language);
}

/** Puts one language's captions in place of whatever was held for it. */
export function applyResources(forLanguage: string, resources: CaptionResources): void {
  captionsByLanguage.set(forLanguage, resources);
  changed();
}

export function changeLanguage(next: string): void {
  if (shownLanguage === next) return;
  shownLanguage = next;
  changed();
}

const PLACEHOLDER = /\{\{\s*([^{}\s]+)\s*\}\}/g;

/** Fills `{{name}}` placeholders; one without a value stays as written, so the gap shows. */
function fill(text: string, values: Values): string {
  return text.replace(PLACEHOLDER, (placeholder, name: string) =>
    Object.hasOwn(values, name) ? String(values[name]) : placeholder,
  );
}

/** The text of a caption in the current language, outside React (toasts, titles). */
export function translate(caption: Caption, values?: Values): string {
  const text =
    captionsByLanguage.get(shownLanguage)?.[caption.itemType]?.[caption.formName]?.[caption.controlName] ??
    caption.defaultCaption;
  return values ? fill(text, values) : text;
}

export type Translate = typeof translate;

/**
 * The caption function for components; they re-render when the language or its captions change.
 * @example const t = useCaptions(); t(loginCaptions.username) // 'Username' or its translation
 */
export function useCaptions(): Translate {
  // New captions (or a new language) are drawn in a transition: every caption on screen changes at once.
  const current = useStoreInTransition(subscribe, readRevision);
  // A new function identity per change lets memoised children that take `t` follow it too.
  return useCallback((caption: Caption, values?: Values) => translate(caption, values), [current]); // eslint-disable-line react-hooks/exhaustive-deps
}

export function currentLanguage(): string {
  return shownLanguage;
}
