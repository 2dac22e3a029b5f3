import { passwordPolicyMessage } from '../profile';
import { defineCaptions } from './define-captions';

/** The User Profile page: the details form and what frames the page. */
export const profileLabels = defineCaptions('Label', 'Profile', {
  title: 'User Profile',
  lead: 'Your name, e-mail and language, your password, and the devices signed in as you.',
  loading: 'Loading your profile…',
  loadFailed: 'Your profile could not be loaded.',
  detailsHeading: 'Your details',
  userName: 'User name',
  name: 'Name',
  email: 'E-mail',
  'email::description': 'Optional. Used for notifications sent by e-mail.',
  language: 'Preferred language',
  'language::description': 'Hasp speaks this language on every device you sign in on.',
  languagesLoading: 'Loading languages…',
});

/** The password change form. */
export const profilePasswordLabels = defineCaptions('Label', 'Profile_Password', {
  heading: 'Password',
  currentPassword: 'Current password',
  newPassword: 'New password',
  confirmPassword: 'Confirm the new password',
  signOutOthers: 'Sign out my other devices',
  'signOutOthers::description': 'Anyone signed in as you elsewhere has to sign in again with the new password.',
  directoryManaged: 'Your password is managed by your organisation’s directory. Change it there.',
});

/** The signed-in devices list. */
export const profileDeviceLabels = defineCaptions('Label', 'Profile_Devices', {
  heading: 'Signed-in devices',
  lead: 'Each device or browser where you are signed in. Revoke any you do not recognise.',
  loading: 'Loading your devices…',
  loadFailed: 'Your devices could not be loaded.',
  none: 'No other devices are signed in.',
  thisDevice: 'This device',
  browserOnSystem: '{{browser}} on {{system}}',
  unknownBrowser: 'Unknown browser',
  unknownSystem: 'an unknown system',
  ip: 'IP address',
  unknownIp: 'Unknown',
  signedIn: 'Signed in',
  lastUsed: 'Last used',
  revokeTitle: 'Revoke this device?',
  revokeText: '{{device}} will be signed out at once and must sign in again to use Hasp.',
  signOutHint: 'To end the session on this device, sign out.',
});

export const profileButtons = defineCaptions('Button', 'Profile', {
  saveDetails: 'Save details',
  changePassword: 'Change password',
  revoke: 'Revoke',
  'revoke::device': 'Revoke {{device}}',
  confirmRevoke: 'Revoke access',
  cancel: 'Cancel',
  close: 'Close',
  signOut: 'Sign out',
  retry: 'Try again',
});

export const profileMessages = defineCaptions('Message', 'Profile', {
  detailsSaved: 'Your details were saved.',
  nameRequired: 'Enter your name.',
  nameTooLong: 'Use at most 200 characters.',
  emailInvalid: 'Enter a valid e-mail address, like name@example.com.',
  passwordPolicy: passwordPolicyMessage,
  currentPasswordRequired: 'Enter your current password.',
  currentPasswordWrong: 'The current password is not correct.',
  newPasswordTooShort: 'The new password is too short. {{policy}}',
  newPasswordTooLong: 'The new password is too long. {{policy}}',
  newPasswordSame: 'The new password must differ from the current one.',
  passwordMismatch: 'The passwords do not match. Type the new password again.',
  passwordChanged: 'Your password was changed.',
  passwordChangedOthersSignedOut: 'Your password was changed and your other devices were signed out.',
  deviceRevoked: 'The device was signed out.',
});
