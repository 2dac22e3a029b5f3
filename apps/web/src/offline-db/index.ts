/** The browser database: import it lazily (`import('../offline-db')`), it is not first-screen code. */
export { browserDatabase, exposeBrowserDatabaseLibrary, HaspDatabase } from './db';
export type { OutboxItem, Owner, StoredPermit } from './db';
