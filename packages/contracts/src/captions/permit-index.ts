import { permitIndexColumnLabels, permitIndexViewLabels, permitIndexWidgetViewLabels } from '../permit-index';
import { defineCaptions } from './define-captions';

// Captions of the permit index (/index, seed: "index (permit index v2)").

export const permitIndexTitles = defineCaptions('Title', 'Permit_Index', {
  page: 'Permit Index',
  lead: 'Every permit of this facility you may see: filter, sort, choose columns, export.',
});

/** The grid's columns (permit-index.ts), keyed by column. */
export const permitIndexColumnCaptions = defineCaptions('Label', 'Permit_Index_Column', permitIndexColumnLabels);

/** The current user's own views ("Awaiting my approval", ...), keyed by view. */
export const permitIndexViewCaptions = defineCaptions('Button', 'Permit_Index_View', permitIndexViewLabels);

/** The views the dashboard's widgets open (shown on the index while one is chosen), keyed by view. */
export const permitIndexWidgetViewCaptions = defineCaptions(
  'Button',
  'Permit_Index_Widget_View',
  permitIndexWidgetViewLabels,
);

export const permitIndexLabels = defineCaptions('Label', 'Permit_Index', {
  myWork: 'My work',
  search: 'Search',
  searchPlaceholder: 'Number, title, description',
  filters: 'Filters',
  loading: 'Loading permits…',
  loadFailed: 'The permits could not be loaded.',
  exportFailed: 'The export failed. Try again.',
  countOne: '{{count}} permit',
  countMany: '{{count}} permits',
  countCapped: 'More than {{count}} permits: filter to narrow them down',
  noMatch: 'No permits match this view.',
  'page::first': 'first page',
  'page::previous': 'previous page',
  'page::next': 'next page',
  'page::last': 'last page',
  rowsPerPage: 'Rows per page',
  grid: 'Permits',
  status: 'Status',
  anyStatus: 'Any status',
  permitType: 'Permit type',
  anyType: 'Any type',
  place: 'Area or asset',
  anywhere: 'Anywhere',
  nothingFound: 'Nothing found',
  typeToSearch: 'Type a number or name',
  areaOption: 'Area {{number}} {{name}}',
  assetOption: 'Asset {{number}} {{name}}',
  areaById: 'Area #{{id}}',
  assetById: 'Asset #{{id}}',
  requester: 'Requester',
  holder: 'Holder',
  approver: 'Approver',
  anyone: 'Anyone',
  startsFrom: 'Starts from',
  startsUntil: 'Starts until',
  endsFrom: 'Ends from',
  endsUntil: 'Ends until',
  chooseColumns: 'Choose and order columns',
  shownInOrder: 'Shown, in order',
  hidden: 'Hidden',
  moveUp: 'Move {{column}} up',
  moveDown: 'Move {{column}} down',
  cardHolder: 'Holder: {{name}}',
  cardEnds: 'Ends {{at}}',
  noHolder: 'No holder yet',
});

export const permitIndexButtons = defineCaptions('Button', 'Permit_Index', {
  allPermits: 'All permits',
  filters: 'Filters',
  filtersCount: 'Filters ({{count}})',
  hideFilters: 'Hide filters',
  exportCsv: 'Export CSV',
  exportXlsx: 'Export XLSX',
  showCount: 'Show {{count}} permits',
  showCapped: 'Show more than {{count}} permits',
  clearFilters: 'Clear filters',
  columns: 'Columns',
});
