// The permit index (decision 0034): the grid, its filters, chosen columns and exports, with the
// whole view in the URL.

// The route page (app/routes/PermitPages.tsx) renders it.

export { PermitIndex } from './components/PermitIndex';
export type { PermitTypeOption } from './components/FilterFields';
/** One page of the index for a query (the dashboards' "My work" cards read their views with it). */
export { usePermitIndexPage } from './api/index-api';
