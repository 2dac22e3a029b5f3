import { useEffect } from 'react';
import { captionResourcesSchema, localKeys, type CaptionResources } from '@hasp/contracts';
import { applyResources, changeLanguage, currentLanguage, hasCaptions, LANGUAGE_KEY, readLocal } from './captions';
import { apiRequest } from './http';

export { currentLanguage, DEFAULT_LANGUAGE, translate, useCaptions, type Translate } from './captions';

/**
 * Every caption the app shows goes through here: per language, the server's resources
 * (itemType → formName → controlName → text, seed section 3's Translation), and a caption missing
 * from them shows its default. Saving a preferred caption on the translations screen changes the
 * screen at once (`reloadCaptions`), with no rebuild. Placeholders are written `{{name}}` (the
 * i18next syntax the captions were written for); a lookup and a replace are all the app needs, so
 * no translation library rides on the login route (docs/decisions/0025).
 */

/** The last captions fetched per connection and language: the app starts in the right language, also offline. */
const CACHE_PREFIX = 'hasp:captions:';
/** How long a connection's captions fetched for the screen count as fresh: the login page and its form ask for the same ones. */
const CAPTIONS_FRESH_MS = 30_000;

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
/**
 * The language last asked for. The screen's own fetch of the shown language's captions can answer
 * after the user's language was asked for (the signed-in frame fetches English captions while the
 * profile says Spanish): that late answer must not switch the screen back.
 */
let wantedLanguage = currentLanguage();
/** Fetches a language's captions for a connection and keeps them (and in the cache); switches no language. */
async function fetchCaptions(connection: string, language: string): Promise<void> {
  const resources = await apiRequest('i18n/resources', {
    query: { connectionStringName: connection, languageCode: language },
    schema: captionResourcesSchema,
  });
  writeLocal(cacheKey(connection, language), JSON.stringify(resources));
  currentConnection = connection;
  applyResources(language, resources);
}

/**
 * Fetches a language's captions for a connection and shows them, unless another language was asked
 * for while they came; the cache makes the next start instant.
 */
export async function loadCaptions(connection: string, language: string = currentLanguage()): Promise<void> {
  wantedLanguage = language;
  await fetchCaptions(connection, language);
  if (wantedLanguage === language) changeLanguage(language);
}

/** Switches the app's language (the user's preferred language), remembered on this device. */
export async function setLanguage(language: string): Promise<void> {
  wantedLanguage = language;
  writeLocal(LANGUAGE_KEY, language);
  const connection = currentConnection;
  if (!connection) {
    changeLanguage(language);
    return;
  }
  const cached = readCachedResources(connection, language);
  if (cached) applyResources(language, cached);
  try {
    await loadCaptions(connection, language);
  } catch (error) {
    // Offline or a server hiccup: the cached (or default) captions stay on screen, and the
    // language's own are asked for again (a busy server's one refusal must not leave a Spanish
    // reader in English for the whole session).
    console.warn('Could not load captions', error);
    if (wantedLanguage !== language) return;
    changeLanguage(language);
    if (!cached) retryCaptions(connection, language);
  }
}

/** Waits before each new try of a language's captions (ms); then it stops until the next change of language. */
const CAPTION_RETRY_MS = [1_000, 2_000, 4_000, 8_000, 15_000, 30_000, 60_000];

/** Asks again for a language's captions while it is still the one shown, with the waits above. */
function retryCaptions(connection: string, language: string, attempt = 0): void {
  const wait = CAPTION_RETRY_MS[attempt];
  if (wait === undefined) return;
  setTimeout(() => {
    if (currentLanguage() !== language || currentConnection !== connection || hasCaptions(language)) return;
    loadCaptions(connection, language).catch(() => retryCaptions(connection, language, attempt + 1));
  }, wait);
}

/** After a preferred caption was saved: fetch the current language's captions again. */
export function reloadCaptions(): Promise<void> {
  return currentConnection ? fetchCaptions(currentConnection, currentLanguage()) : Promise.resolve();
}

/** The screen's last caption fetch: another component asking for the same captions shares it. */
let screenFetch: { key: string; startedAt: number } | null = null;

/**
 * Shows the captions of a connection (the login screen's chosen one, or the session's): cached ones
 * at once, fresh ones from the server right after. A failed fetch keeps what is shown. Captions
 * fetched for the screen in the last 30 s are fresh enough: the login page and its form name the
 * same connection, and one request serves both.
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
    const key = cacheKey(connection, language);
    const now = Date.now();
    if (screenFetch?.key === key && now - screenFetch.startedAt < CAPTIONS_FRESH_MS) return;
    screenFetch = { key, startedAt: now };
    fetchCaptions(connection, language).catch((error: unknown) => {
      // A failed fetch is tried again by the next component that asks.
      if (screenFetch?.key === key) screenFetch = null;
      console.warn('Could not load captions', error);
    });
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
