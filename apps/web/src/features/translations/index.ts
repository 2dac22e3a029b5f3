// Translations: languages and the captions' translations.

// What app/ composes (loaded lazily after sign-in).

export { TranslationsPage } from './components/TranslationsPage';
