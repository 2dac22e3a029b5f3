/**
 * The profile feature's public face for the signed-in frame. Only the tiny language hook lives
 * here: the page itself is loaded lazily (app/signed-in/pages.ts imports it directly), so the
 * shell never carries it.
 */
export { useProfileLanguage } from './use-profile-language';
