import { defineCaptions } from './define-captions';

// Captions of the permit page's Crew section (features/lockboxes: group lockout, crew sign-on).

export const crewLabels = defineCaptions('Label', 'Crew', {
  loading: 'Loading the crew',
  loadFailed: 'The crew could not be loaded: {{reason}}',
  notDone: 'Not done',
  signedOnTitle: 'You are signed on',
  signedOnSince: 'Since {{at}} with lock {{serial}}.',
  signedOnSinceTag: 'Since {{at}} with lock {{serial}} and tag {{number}}.',
  notSignedOnTitle: 'You are not signed on',
  noLock: 'You have no personal lock issued and none is available: take one from the lock board first.',
  myLock: 'My lock',
  withLock: 'With lock {{serial}}.',
  primaryTitle: 'Primary authorized employee',
  openTitle: 'Open the group lockbox',
  device: 'Lockbox device',
  notTracked: 'Not tracked in the lock inventory',
  noLockbox:
    'No lockbox is open for this permit yet: the issuing authority opens one and names its primary authorized employee.',
  protectedNow: 'Protected now ({{count}})',
  signedOnList: 'Signed on',
  nobody: 'Nobody is signed on.',
  lockbox: 'Lockbox {{number}}',
  deviceFact: 'Device',
  keys: 'Keys',
  keysDeposited: 'Deposited {{at}} by {{name}}',
  keysNotDeposited: 'Not deposited yet',
  released: 'Released',
  releasedBy: '{{at}} by {{name}}',
  signedOffTitle: 'Signed off ({{count}})',
  signedOffList: 'Signed off',
  memberLock: 'Lock {{serial}}',
  memberLockTag: 'Lock {{serial}} · tag {{number}}',
  memberNow: 'Signed on since {{at}}',
  memberPast: 'Signed on {{on}} · signed off {{off}}',
  memberPastAbandoned: 'Signed on {{on}} · signed off {{off}} (lock removed by a supervisor)',
});

export const crewButtons = defineCaptions('Button', 'Crew', {
  signOff: 'Sign off',
  signOn: 'Sign on with my lock',
  depositKeys: 'Keys are in lockbox {{number}}',
  release: 'Release lockbox {{number}}',
  open: 'Open lockbox',
});
