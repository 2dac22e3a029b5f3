import { DIRECTORY_UNAVAILABLE_MESSAGE, loginMessages } from '../messages';
import { defineCaptions } from './define-captions';

/** The login screen (seed section 2). */
export const loginLabels = defineCaptions('Label', 'Login', {
  title: 'Sign in',
  documentTitle: 'Sign in · {{product}}',
  tagline: 'Lockout/tagout permits and facility safety',
  connection: 'Connection',
  'connection::placeholder': 'Select a connection',
  facility: 'Facility',
  'facility::placeholder': 'Select a facility',
  username: 'Username',
  password: 'Password',
  showPassword: 'Show password',
  loadingOptions: 'Loading sign-in options…',
  loadingFacilities: 'Loading facilities…',
  signingIn: 'Signing in…',
  goingToIdentityProvider: 'Going to your organization’s sign-in page…',
  waitingOne: 'One change saved on this device waits to be sent: sign in as {{name}} to send it.',
  waitingMany: '{{count}} changes saved on this device wait to be sent: sign in as {{name}} to send them.',
});

export const loginButtons = defineCaptions('Button', 'Login', {
  login: 'Login',
  tryAgain: 'Try again',
  startOver: 'Start Over',
});

/**
 * The seed's login messages, word for word by default, and the directory-outage answer (the login
 * screen shows the server's message; a text found here is shown translated).
 */
export const loginMessageCaptions = defineCaptions('Message', 'Login', {
  ...loginMessages,
  directoryUnavailable: DIRECTORY_UNAVAILABLE_MESSAGE,
});
