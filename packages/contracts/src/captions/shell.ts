import { rightNavEntries } from '../permissions';
import { defineCaptions } from './define-captions';

/** The top bar, sidebars, user menu and offline banner (seed section 2). */
export const shellLabels = defineCaptions('Label', 'Shell', {
  facility: 'Facility',
  showSidebar: 'Show the sidebar',
  hideSidebar: 'Hide the sidebar',
  home: 'Home',
  homeLink: 'Hasp® home',
  offlineDashboard: 'Offline Dashboard',
  offlineBanner: 'OFFLINE',
  offlineBannerText: 'Only offline permits can be used until you are back online.',
  primaryNavigation: 'Primary',
  administration: 'Administration',
  administrationMenu: 'Administration menu',
  closeAdministrationMenu: 'Close the administration menu',
  noPermission: 'You do not have permission for this',
  notAvailableOffline: 'Not available offline',
  permitTypesFailed: 'Permit types could not be loaded.',
  noPermitTypes: 'No permit types are set up for you in this facility.',
  loading: 'Loading…',
  permits: 'Permits',
  loadingPermitTypes: 'Loading permit types…',
  tryAgain: 'Try again',
});

export const shellOffline = defineCaptions('Label', 'Shell_OfflineToggle', {
  goOffline: 'Go offline',
  goOnline: 'Go online',
  noNetwork: 'No network connection: the device is offline',
  workOffline: 'Work offline: permits are kept on this device',
  reconnect: 'Reconnect to the server',
});

export const shellUserMenu = defineCaptions('Label', 'Shell_UserMenu', {
  menuFor: 'User menu for {{name}}',
  profile: 'Profile',
  showServerStatus: 'Show server status',
  signOut: 'Sign out',
});

/** A right-nav page opened by someone who may not use it. */
export const shellAccess = defineCaptions('Message', 'Shell_Access', {
  permissionsFailed: 'Your permissions could not be loaded.',
  tryAgain: 'Try again',
  switchedOff: 'This feature is switched off for this facility.',
  denied: 'You do not have permission to open this page. An administrator can grant it through your groups.',
});

/** Page-level states of the shell: loading, errors, a page that is not there, the inactivity notice. */
export const shellPages = defineCaptions('Label', 'Shell_Pages', {
  loadingOverlay: 'Loading...',
  pageErrorTitle: 'This page could not be shown',
  pageErrorText: 'Reloading usually fixes this, for example after the app was updated.',
  reload: 'Reload the page',
  notFoundTitle: 'Page not found',
  notFoundLead: 'There is no page at {{path}}. It may have moved, or the link may be mistyped.',
  goHome: 'Go to the home page',
  plannedNote: 'This screen is not available yet; it arrives in a later release.',
  sessionNotice: 'Session notice',
  dismiss: 'Dismiss',
  codeMissingTitle: 'This page is not on this device yet',
  codeMissingText:
    'It opens by itself when the network is back. What this device can do offline now is on the Offline Dashboard.',
  openOfflineDashboard: 'Open the Offline Dashboard',
  tryAgain: 'Try again',
});

export const shellServerStatus = defineCaptions('Label', 'Shell_ServerStatus', {
  offline: 'Server status: not checked while offline',
  checking: 'Server status: checking…',
  down: 'Server status: not answering',
  up: 'Server status: answering',
  upVersion: 'Server status: answering (version {{version}})',
});

type RightNavEntry = (typeof rightNavEntries)[number];
type EntryTexts = { [E in RightNavEntry as E['id']]: E['entry'] };
type GroupTexts = { [E in RightNavEntry as E['group'] extends string ? E['group'] : never]: string };

/** The right nav's entries (seed section 2's table), by id; the seed's words are the defaults. */
export const shellRightNavEntries = defineCaptions(
  'Label',
  'Shell_RightNav',
  Object.fromEntries(rightNavEntries.map((e) => [e.id, e.entry])) as EntryTexts,
);

/** The right nav's groups, by their seed name. */
export const shellRightNavGroups = defineCaptions(
  'Label',
  'Shell_RightNavGroups',
  Object.fromEntries(rightNavEntries.flatMap((e) => (e.group ? [[e.group, e.group]] : []))) as GroupTexts,
);

/** What the platform shows around every page: the update dialog, error toasts, the last-resort error. */
export const shellPlatform = defineCaptions('Label', 'Shell_Platform', {
  updateTitle: 'Update Available',
  updateMessage: 'A new version is available, please refresh.',
  refresh: 'Refresh',
  errorCode: 'Error code: {{status}}',
  closeToast: 'Close',
  crashTitle: 'Something went wrong',
  crashText: 'The page could not be shown. Reloading usually fixes this.',
  waitingTitle: 'Hasp needs the network once more',
  waitingText:
    'Part of the app had not reached this device when the network went. It goes on by itself when the network is back.',
  tryAgain: 'Try again',
});
