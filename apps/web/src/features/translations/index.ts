/** The translations feature's public face: what app/ composes (loaded lazily after sign-in). */
export { TranslationsPage } from './components/TranslationsPage';
