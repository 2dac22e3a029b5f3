// My profile: the profile page and the user's language.

// Only the tiny language hook lives here: the page itself is loaded lazily (app/signed-in/pages.ts
// imports it directly), so the shell never carries it.

export { useProfileLanguage } from './use-profile-language';
