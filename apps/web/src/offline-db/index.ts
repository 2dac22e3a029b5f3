/** The browser database: import it lazily (`import('../offline-db')`), it is not first-screen code. */
export { browserDatabase, exposeBrowserDatabaseLibrary, HaspDatabase, ownerKey } from './db';
export type {
  MetaItem,
  OutboxItem,
  Owner,
  PermitSummary,
  ReferenceItem,
  StoredPage,
  StoredPageText,
  StoredPermit,
} from './db';
export {
  permitOfPage,
  storedPermitOf,
  storedPermitsOf,
  storedSummariesOf,
  summaryOf,
  type StoredSummary,
} from './pages';
