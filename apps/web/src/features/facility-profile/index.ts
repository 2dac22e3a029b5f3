// Facility Settings and the top bar's facility logo.

// The Facility Settings page loads lazily (app/signed-in/pages.ts imports it directly).

export { FacilityLogo } from './components/FacilityLogo';
export { useFacilityProfile } from './api/facility-profile';
