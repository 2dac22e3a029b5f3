import { Dexie, type EntityTable, type Table } from 'dexie';
import type { Owner } from './owner';
import { upgradeOutboxToV2 } from './upgrade-v2';

export { ownerKey, type Owner } from './owner';

/**
 * A queued offline change: exactly the command the server's `POST /api/sync/push`
 * takes (contracts `SyncCommand`), owner flattened for the indexes, plus where it stands. Written
 * with `durability: 'strict'`; it leaves the outbox only once the server has confirmed it (applied),
 * and a conflict or a refusal stays, visible with the server's reason, until the user dismisses it.
 */
export interface OutboxItem extends Owner {
  idempotencyKey: string;
  deviceId: string;
  /** 1, 2, 3… per device and owner, in the order queued (the server applies them in this order). */
  deviceSeq: number;
  /** Device time of the change, ISO 8601 (the server keeps its own time beside it). */
  deviceTime: string;
  /** The server's command name, e.g. `permit.create`, `isolation-plan.verify-point` (contracts `offlineCommandNames`). */
  name: string;
  /** The record's server id, or `local:<uuid>` for a permit created on this device. */
  targetId: number | string;
  input: unknown;
  /** The target record's version the device based the command on (null for a creation). */
  baseVersion: number | null;
  /** The stored permit the command is about (`StoredPermit.key`), for the permit page and FIFO per permit. */
  permitKey?: string;
  /** A `permit.create`'s provisional number (`OFF-…`): sent with it, kept linked to the server's number. */
  provisionalNumber?: string;
  status: 'pending' | 'sending' | 'conflict' | 'rejected';
  attempts: number;
  lastAttemptAt?: string;
  /** The server's error for a conflict or a refusal (`{ code, message, details? }`). */
  error?: { code: string; message: string; details?: unknown };
  /** The server's conflict record (GET /api/sync/conflicts/:id). */
  conflictId?: number;
}

/** A permit kept for offline use. */
export interface StoredPermit extends Owner {
  /** `<connection>:<facility>:<permit id or local:uuid>`: unique across databases and facilities. */
  key: string;
  permitType: string;
  /** The server version the local copy is based on (conflict detection); 0 for one created here. */
  version: number;
  /**
   * The permit with what its page shows offline: the server's `OfflinePermit` (contracts/offline.ts)
   * as downloaded, with the device's queued changes applied on top.
   */
  data: unknown;
  /** When it was downloaded or last changed here, ISO 8601. */
  updatedAt: string;
  /** Provisional number of a permit created on this device, until the server's replaces it. */
  provisionalNumber?: string;
}

/**
 * One page of a type's offline download as it came (decision 0078): IndexedDB's cost is per record,
 * so the first download writes a few dozen of these instead of 10,000 permit rows. The page's JSON
 * text is kept as received beside it (`pageTexts`, same key) and read when one of its permits is
 * opened (offline-db/pages.ts); the offline lists read only these rows' `summaries`. A `permits`
 * row with the same permit key (a change made here, a copy refreshed after sync, a permit created
 * here) is newer and wins over the page.
 */
export interface StoredPage extends Owner {
  /** `<connection>:<facility>:page:<user>:<type>:<first permit id>`. */
  key: string;
  permitType: string;
  /** The server ids of the page's permits (a multi-entry index: which page holds a permit). */
  permitIds: number[];
  /** What the offline lists show of each permit, in the page's order. */
  summaries: PermitSummary[];
  /** When it was downloaded, ISO 8601. */
  updatedAt: string;
}

/** A page's answer (`OfflineDownload` JSON) exactly as the server sent it, by the page's key. */
export interface StoredPageText {
  key: string;
  text: string;
}

/** A stored permit's list columns (the offline dashboard and index), without reading the permit. */
export interface PermitSummary {
  ID: number | string;
  version: number;
  number: string;
  title: string;
  status: string;
  plannedStart: string;
  plannedEnd: string;
  createdAt: string;
  holder: string;
  typeName: string;
}

/**
 * Reference data a permit page needs offline (assets, isolation points, master lists, questions,
 * captions, people…), one row per kind and owner: `key` is `<connection>:<facility>:<kind>`.
 */
export interface ReferenceItem {
  key: string;
  connectionStringName: string;
  facilityId: number;
  kind: string;
  data: unknown;
  updatedAt: string;
}

/** Small device facts: `deviceId`, the next `deviceSeq` per owner (`seq:<connection>:<facility>:<user>`), storage persistence. */
export interface MetaItem {
  key: string;
  value: unknown;
}

/**
 * The browser database (IndexedDB through Dexie). Keep every old `version(n)` when adding a new one:
 * Dexie upgrades stored data step by step, and an unsynced outbox must survive every upgrade.
 */
export class HaspDatabase extends Dexie {
  outbox!: EntityTable<OutboxItem, 'idempotencyKey'>;
  permits!: Table<StoredPermit, string>;
  reference!: Table<ReferenceItem, string>;
  meta!: Table<MetaItem, string>;
  pages!: Table<StoredPage, string>;
  pageTexts!: Table<StoredPageText, string>;

  constructor(name = 'hasp') {
    // Strict: a transaction resolves only once IndexedDB has flushed it to disk, so an outbox item
    // shown as "Saved offline" survives the browser being killed a moment later (the browser-crash test of e2e/tests/offline-faults.spec.ts).
    super(name, { chromeTransactionDurability: 'strict' });
    this.version(1).stores({
      outbox: 'idempotencyKey, [connectionStringName+facilityId+userId], permitKey, createdAt, status',
      permits: 'key, [connectionStringName+facilityId], [connectionStringName+facilityId+permitType], updatedAt',
    });
    // Version 2: outbox items are sync commands ordered by device sequence per owner;
    // reference data and device facts. The v1 → v2 upgrade of queued items is in upgrade-v2.ts.
    this.version(2)
      .stores({
        outbox:
          'idempotencyKey, [connectionStringName+facilityId+userId], [connectionStringName+facilityId+userId+deviceSeq], permitKey, status',
        permits: 'key, [connectionStringName+facilityId], [connectionStringName+facilityId+permitType], updatedAt',
        reference: 'key, [connectionStringName+facilityId]',
        meta: 'key',
      })
      .upgrade((tx) => upgradeOutboxToV2(tx));
    // Version 3 (decision 0078): downloads stored a page a row. Nothing to migrate: the outbox,
    // the reference rows and the permit rows stored by version 2 stay as they are (the offline lists
    // keep showing them until the next download replaces them with pages).
    this.version(3).stores({
      pages: 'key, [connectionStringName+facilityId+userId+permitType], *permitIds',
      pageTexts: 'key',
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
