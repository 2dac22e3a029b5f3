// Translations: languages, captions and their translations, the Translations screen, and the
// resources for the web app.

export { registerAppCaptions } from './caption-catalog';
export { registerStoredCaptions } from './stored-captions';
export { findLanguageByCode, insertMissingCaptions } from './caption.repository';
export { captionTextsForFacility, captionTextsForUsers, fillCaption, type CaptionText } from './caption-texts';
export { translationsRoutes } from './translations.routes';
