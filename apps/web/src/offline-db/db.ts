import { Dexie, type EntityTable, type Table } from 'dexie';

/** Whose data a row is: offline items never cross a user, a database (connection) or a facility (R33). */
export interface Owner {
  connectionStringName: string;
  facilityId: number;
  userId: number;
}

/**
 * A queued offline change: a serializable command applied once by the server per idempotency key.
 * `status` says where it is: waiting, being sent, or back with a conflict or a refusal to show.
 */
export interface OutboxItem extends Owner {
  idempotencyKey: string;
  /** e.g. `permit.create`, `permit.update`: the server's command name. */
  type: string;
  payload: unknown;
  /** The permit the command is about (ordering is per permit), if it exists yet. */
  permitKey?: string;
  /** Device time of the change, ISO 8601 (the server keeps its own time too). */
  createdAt: string;
  status: 'pending' | 'sending' | 'conflict' | 'rejected';
  attempts: number;
  /** The server's reason for a conflict or a refusal. */
  reason?: string;
}

/** A permit kept for offline use. */
export interface StoredPermit extends Owner {
  /** `<connection>:<facility>:<permit id or local id>`: unique across databases and facilities. */
  key: string;
  permitType: string;
  /** The server version the local copy is based on (conflict detection). */
  version: number;
  data: unknown;
  /** When it was downloaded or last changed here, ISO 8601. */
  updatedAt: string;
}

/**
 * The browser database (IndexedDB through Dexie). Keep every old `version(n)` when adding a new one:
 * Dexie upgrades stored data step by step, and an unsynced outbox must survive every upgrade.
 */
export class HaspDatabase extends Dexie {
  outbox!: EntityTable<OutboxItem, 'idempotencyKey'>;
  permits!: Table<StoredPermit, string>;

  constructor(name = 'hasp') {
    super(name);
    this.version(1).stores({
      outbox: 'idempotencyKey, [connectionStringName+facilityId+userId], permitKey, createdAt, status',
      permits: 'key, [connectionStringName+facilityId], [connectionStringName+facilityId+permitType], updatedAt',
    });
  }
}

let database: HaspDatabase | null = null;

/** The app's one database connection, opened on first use. */
export function browserDatabase(): HaspDatabase {
  database ??= new HaspDatabase();
  return database;
}

declare global {
  interface Window {
    /** The browser database library, exposed globally as the seed asks (section 9). */
    Dexie?: typeof Dexie;
  }
}

/** Puts the library on `window.Dexie` (loaded after sign-in, never on the login route). */
export function exposeBrowserDatabaseLibrary(): void {
  window.Dexie = Dexie;
}
