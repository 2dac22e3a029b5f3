/**
 * The facility profile's public face for the signed-in frame: the top bar's logo and the profile
 * it comes from. The Facility Settings page loads lazily (app/signed-in/pages.ts imports it directly).
 */
export { FacilityLogo } from './components/FacilityLogo';
export { useFacilityProfile } from './api/facility-profile';
