import { defineCaptions } from './define-captions';

// Captions of Dashboards (/dashboards): until custom dashboards arrive, the user's own work.

export const dashboardsTitles = defineCaptions('Title', 'Dashboards', {
  page: 'Dashboards',
  lead: 'My work: the permits waiting for you, the ones you hold or asked for, and those ending soon.',
  'awaiting-approval': 'Awaiting my approval',
  held: 'I hold',
  requested: 'I requested',
  expiring: 'Expiring within 24 hours',
});

export const dashboardsLabels = defineCaptions('Label', 'Dashboards', {
  'empty::awaiting-approval': 'Nothing awaits your approval.',
  'empty::held': 'You hold no permits.',
  'empty::requested': 'You have not requested any permits.',
  'empty::expiring': 'No permit in force ends within 24 hours.',
  permit: 'permit',
  permits: 'permits',
  loadingCard: 'Loading {{card}}',
  loadFailed: 'These permits could not be loaded. Reload the page to try again.',
  ended: 'Ended {{when}}',
  ends: 'Ends {{when}}',
  showAll: 'Show all',
});
