// The translations module's public surface: other modules, plugins/, app.ts, server.ts and db/seed
// import only from here (eslint: server module boundaries, decision 0027).
export { registerAppCaptions } from './caption-catalog';
export { registerStoredCaptions } from './stored-captions';
export { findLanguageByCode, insertMissingCaptions } from './caption.repository';
export { captionTextsForFacility, captionTextsForUsers, fillCaption, type CaptionText } from './caption-texts';
export { translationsRoutes } from './translations.routes';
