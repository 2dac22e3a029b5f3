import type { DashboardWidgetKind } from '../dashboards';
import { defineCaptions } from './define-captions';

// Captions of Dashboards (/dashboards): the widgets each user arranges.

export const dashboardsTitles = defineCaptions('Title', 'Dashboards', {
  page: 'Dashboards',
  lead: 'Your widgets: each number opens the permits behind it. Arrange them as you like.',
});

/** Each widget's title, keyed by its kind. */
export const dashboardWidgetTitles = defineCaptions('Title', 'Dashboards_Widget', {
  'my-work': 'My work',
  'permits-by-status': 'Open permits by status',
  'permits-by-type': 'Open permits by type',
  'expiring-soon': 'Expiring within 24 hours',
  'isolations-by-area': 'Live isolations by area',
  'shared-points': 'Shared isolation points',
  locks: 'Locks in use',
  'sync-conflicts': 'Offline conflicts',
  'gas-out-of-limits': 'Gas tests out of limits today',
} satisfies Record<DashboardWidgetKind, string>);

export const dashboardsLabels = defineCaptions('Label', 'Dashboards', {
  permit: 'permit',
  permits: 'permits',
  loading: 'Loading {{widget}}',
  loadFailed: 'This widget could not be loaded.',
  empty: 'Nothing here right now.',
  openAll: 'Open these permits in the index',
  heldBy: '{{count}} permits',
  editing: 'Drag a widget by its title to move it, and by its corner to resize it, or use its arrange button.',
  phoneEditing: "On a phone the widgets stack in one column: move them up or down with each widget's arrange button.",
  placedGrid: '{{widget}}: row {{row}}, column {{column}}, {{width}} columns wide, {{height}} rows high.',
  placedStack: '{{widget}}: position {{position}} of {{count}}.',
  saved: 'Your dashboard is saved.',
  defaultSaved: "Saved as the facility's default dashboard.",
  conflict: 'Your dashboard was changed in another window. It has been reloaded.',
  saveFailed: 'Your dashboard could not be saved. Try again.',
  fromFacility: "You are seeing the facility's default dashboard.",
  noWidgets: 'No widgets yet. Choose "Add widget" to add one.',
});

export const dashboardsButtons = defineCaptions('Button', 'Dashboards', {
  arrange: 'Arrange',
  done: 'Done',
  addWidget: 'Add widget',
  remove: 'Remove {{widget}}',
  arrangeWidget: 'Arrange {{widget}}',
  moveUp: 'Move up',
  moveDown: 'Move down',
  moveLeft: 'Move left',
  moveRight: 'Move right',
  wider: 'Wider',
  narrower: 'Narrower',
  taller: 'Taller',
  shorter: 'Shorter',
  retry: 'Try again',
  reset: "Use the facility's default",
  saveDefault: "Save as the facility's default",
});
