import { currentLanguage } from './i18n';

/** One formatter per language: a grid formats hundreds of dates per render. */
let cached: { language: string; format: Intl.DateTimeFormat } | null = null;

/**
 * A moment as the user reads it, in the app's language and the browser's time zone
 * ("Nov 24, 2026, 4:56 PM" / "24 nov 2026, 16:56"). Components that call it use useCaptions(),
 * so they draw again when the language changes. An unknown language code falls back to the browser's.
 */
export function formatDateTime(moment: string | number): string {
  const language = currentLanguage();
  if (cached?.language !== language) {
    let format: Intl.DateTimeFormat;
    try {
      format = new Intl.DateTimeFormat(language, { dateStyle: 'medium', timeStyle: 'short' });
    } catch {
      format = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' });
    }
    cached = { language, format };
  }
  return cached.format.format(new Date(moment));
}
