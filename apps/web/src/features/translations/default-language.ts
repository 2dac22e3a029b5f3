import type { Language } from '@hasp/contracts';

/** The language the screen opens in: the one the user sees the app in, else English, else the first. */
export function defaultLanguage(languages: readonly Language[], current: string): Language | undefined {
  return languages.find((l) => l.code === current) ?? languages.find((l) => l.code === 'en') ?? languages[0];
}
