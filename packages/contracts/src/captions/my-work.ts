import type { MyWorkStep } from '../my-work';
import { defineCaptions } from './define-captions';

// Captions of "My work today" (/my-work): the worker's landing page.

export const myWorkTitles = defineCaptions('Title', 'My_Work', {
  page: 'My work today',
  lead: 'What you hold, the crews you are on and your locks still on — each with what it needs from you next.',
  held: 'Permits I hold',
  crews: 'Crews I am on',
  locks: 'My locks still on',
  worklists: 'My worklists',
});

export const myWorkLabels = defineCaptions('Label', 'My_Work', {
  loading: 'Loading your work…',
  loadFailed: 'Your work could not be loaded.',
  nothing: 'Nothing needs you right now.',
  nothingHeld: 'You hold no permits.',
  nothingCrew: 'You are on no crew.',
  nothingLocks: 'You have no locks on.',
  lockOn: 'Lock {{serial}} on {{on}}',
  lockOnLockbox: 'Lock {{serial}} on lockbox {{on}}',
  waiting: '{{count}} waiting',
  offlineTitle: 'Offline',
  offlineLead: 'You are offline: these are the permits you hold that are stored on this device.',
  offlineNone:
    'You are offline and this device stores no permits you hold. Your work shows here when you are back online.',
  offlineDashboard: 'Open the offline dashboard',
  openPermit: 'Open {{number}}',
});

/** The next step each card asks for, keyed by step ({{serial}}: the lock's serial). */
export const myWorkStepCaptions = defineCaptions('Button', 'My_Work_Step', {
  accept: 'Accept',
  'sign-on': 'Sign on',
  'deposit-keys': 'Deposit the keys in the lockbox',
  'hand-over': 'Hand over before your shift ends',
  'sign-off-done': 'Sign off — the work is complete',
  'sign-off-leaving': 'Sign off before you leave',
  'remove-lock': 'Remove your lock {{serial}} — the work is complete',
  'keep-lock': 'Keep lock {{serial}} on until the work is complete',
  none: 'Open the permit — nothing is needed from you yet',
} satisfies Record<MyWorkStep, string>);
