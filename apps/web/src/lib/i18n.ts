import { useCallback, useEffect } from 'react';
import i18next from 'i18next';
import { initReactI18next, useTranslation } from 'react-i18next';
import { captionResourcesSchema, localKeys, type Caption, type CaptionResources } from '@hasp/contracts';
import { apiRequest } from './http';

/**
 * Every caption the app shows goes through here: i18next holds, per language, the server's
 * resources (itemType → formName → controlName → text, seed section 3's Translation), and a caption
 * missing from them shows its default. Saving a preferred caption on the translations screen
 * changes the screen at once (`reloadCaptions`), with no rebuild.
 */

/** The language the app starts in (and falls back to): English, the default captions. */
export const DEFAULT_LANGUAGE = 'en';
/** The user's language on this device, so the login screen speaks it before anyone signs in. */
const LANGUAGE_KEY = 'hasp:language';
/** The last captions fetched per connection and language: the app starts in the right language, also offline. */
const CACHE_PREFIX = 'hasp:captions:';
/** Caption parts are joined into one i18next key with a character no part may contain. */
const KEY_SEPARATOR = '|';

type Values = Record<string, string | number>;

function readLocal(key: string): string | null {
  try {
    return localStorage.getItem(key);
  } catch {
    return null;
  }
}

function writeLocal(key: string, value: string): void {
  try {
    localStorage.setItem(key, value);
  } catch (error) {
    // A full or disabled storage only costs the next start its cached captions.
    console.warn(`Could not save "${key}"`, error);
  }
}

const cacheKey = (connection: string, language: string) => `${CACHE_PREFIX}${connection}:${language}`;

function readCachedResources(connection: string, language: string): CaptionResources | null {
  const raw = readLocal(cacheKey(connection, language));
  if (!raw) return null;
  try {
    const parsed = captionResourcesSchema.safeParse(JSON.parse(raw));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

/** The connection whose captions are shown (captions are kept per connection). */
let currentConnection: string | null = null;

void i18next.use(initReactI18next).init({
  lng: readLocal(LANGUAGE_KEY) ?? DEFAULT_LANGUAGE,
  fallbackLng: false,
  resources: {},
  keySeparator: KEY_SEPARATOR,
  nsSeparator: false,
  // Default captions are the English text; a missing key is normal, not a warning.
  returnNull: false,
  interpolation: { escapeValue: false },
  react: { useSuspense: false, bindI18n: 'languageChanged', bindI18nStore: 'added removed' },
  initAsync: false,
  showSupportNotice: false,
} as Parameters<typeof i18next.init>[0]);

/** Puts one language's captions in place of whatever i18next held for it. */
function applyResources(language: string, resources: CaptionResources): void {
  const store = i18next.store.data[language] ?? {};
  for (const itemType of Object.keys(store)) {
    if (!(itemType in resources)) i18next.removeResourceBundle(language, itemType);
  }
  for (const [itemType, forms] of Object.entries(resources)) {
    i18next.addResourceBundle(language, itemType, forms, false, true);
  }
}

/** The text of a caption in the current language, outside React (toasts, titles). */
export function translate(caption: Caption, values?: Values): string {
  return i18next.t(`${caption.formName}${KEY_SEPARATOR}${caption.controlName}`, {
    ns: caption.itemType,
    defaultValue: caption.defaultCaption,
    ...values,
  });
}

export type Translate = typeof translate;

/**
 * The caption function for components; they re-render when the language or its captions change.
 * @example const t = useCaptions(); t(loginCaptions.username) // 'Username' or its translation
 */
export function useCaptions(): Translate {
  const { i18n } = useTranslation();
  // `i18n.language` and the resource store are dependencies in spirit: react-i18next re-renders
  // this component when either changes, and a new function identity lets memoised children follow.
  const language = i18n.language;
  return useCallback((caption: Caption, values?: Values) => translate(caption, values), [language, i18n.store]); // eslint-disable-line react-hooks/exhaustive-deps
}

export function currentLanguage(): string {
  return i18next.language || DEFAULT_LANGUAGE;
}

/** Fetches a language's captions for a connection and shows them; the cache makes the next start instant. */
export async function loadCaptions(connection: string, language: string = currentLanguage()): Promise<void> {
  const resources = await apiRequest('i18n/resources', {
    query: { connectionStringName: connection, languageCode: language },
    schema: captionResourcesSchema,
  });
  writeLocal(cacheKey(connection, language), JSON.stringify(resources));
  currentConnection = connection;
  applyResources(language, resources);
  if (i18next.language !== language) await i18next.changeLanguage(language);
}

/** Switches the app's language (the user's preferred language), remembered on this device. */
export async function setLanguage(language: string): Promise<void> {
  writeLocal(LANGUAGE_KEY, language);
  const connection = currentConnection;
  if (!connection) {
    await i18next.changeLanguage(language);
    return;
  }
  const cached = readCachedResources(connection, language);
  if (cached) applyResources(language, cached);
  try {
    await loadCaptions(connection, language);
  } catch (error) {
    // Offline or a server hiccup: the cached (or default) captions stay on screen.
    console.warn('Could not load captions', error);
    await i18next.changeLanguage(language);
  }
}

/** After a preferred caption was saved: fetch the current language's captions again. */
export function reloadCaptions(): Promise<void> {
  return currentConnection ? loadCaptions(currentConnection) : Promise.resolve();
}

/**
 * Shows the captions of a connection (the login screen's chosen one, or the session's): cached ones
 * at once, fresh ones from the server right after. A failed fetch keeps what is shown.
 */
export function useCaptionSource(connection: string | null | undefined): void {
  useEffect(() => {
    if (!connection) return;
    const language = currentLanguage();
    if (connection !== currentConnection) {
      const cached = readCachedResources(connection, language);
      if (cached) applyResources(language, cached);
      currentConnection = connection;
    }
    loadCaptions(connection, language).catch((error: unknown) => console.warn('Could not load captions', error));
  }, [connection]);
}

// Start in the language and captions of the last connection used on this device (no flash of English).
const lastConnection = readLocal(localKeys.lastConnectionStringName);
if (lastConnection) {
  const cached = readCachedResources(lastConnection, currentLanguage());
  if (cached) {
    currentConnection = lastConnection;
    applyResources(currentLanguage(), cached);
  }
}
