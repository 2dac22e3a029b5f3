/**
 * The seed specification's user-facing texts, word for word. Both apps import these so a
 * test can assert the exact string the user sees.
 */
export const loginMessages = {
  connectionRequired: 'Connection String Name is required',
  facilityRequired: 'Facility is required',
  usernameRequired: 'Username is required',
  passwordRequired: 'Password is required',
  usernameAndPasswordRequired: 'Username and password are required for login',
  invalidCredentials: 'Invalid Credentials. Please try again.',
  invalidCredentialsSso: 'Invalid Credentials. Login again or Start Over.',
  loggedOut: 'You have been logged out.',
  ssoMissing: 'Invalid SSO login: required fields or token missing. Please refresh the page or try logging in again.',
  noFacilitiesForConnection: 'No Facilities were found. Please try another Connection String name.',
  noConnectionNames: 'No ConnectionString names were found. There must be an issue.',
  noFacilitiesForDefault:
    'No Facilities were found for the default connection string name. Please try another connection string',
  authorizationFailed: 'Authorization Failed',
  loggedOutInactivity: 'You have been logged out due to inactivity',
} as const;

/** An Active Directory user's sign-in when the directory cannot be reached (not a seed text; no stale-password fallback). */
export const DIRECTORY_UNAVAILABLE_MESSAGE =
  'The directory could not be reached to check your password. Try again later or ask your administrator.';

export const PRODUCT_NAME = 'Hasp';
