import { performance } from 'node:perf_hooks';
import type { Kysely } from 'kysely';
import { offlineFlags, type OfflineFlagInputs } from '@hasp/contracts';
import type { Database } from '../../db/schema';
import type { Actor } from '../../platform';
import { assemblePermits, copyOf } from './offline-copies';
import { readOfflineFlagBases, readOfflineFlagContext } from './offline-flags.service';
import {
  copyValues,
  currentSnapshot,
  currentSnapshots,
  storeSnapshots,
  type StoredCopy,
} from './offline-snapshots.repository';

type Viewer = { actor: Actor; permissions: ReadonlySet<string>; now: Date };

/** Shared values by hash, kept in this process: content-addressed, so never outdated. */
const knownValues = new Map<string, string>();
const KNOWN_VALUES_MAX = 20_000;

/** What a page read inside its transaction leaves to store after it (its new copies). */
export interface PageCopiesToStore {
  taken: string;
  /** When the page began reading (performance.now(): a monotonic clock, not the time of day). */
  readStartedMs: number;
  rows: ({ permitId: number } & StoredCopy)[];
  values: Map<string, string>;
}

/**
 * A page's `permits` and `shared` as JSON text (decision 0082): each permit's stored copy when it is
 * still current, else its copy read now for nobody (`readOfflineFlagBases`), with the viewer's flags
 * computed from the copy's inputs (contracts' `offlineFlags`) and written in place of its markers.
 * Call inside the page's repeatable-read transaction: the copies read now are of its snapshot.
 */
export async function readPagePermits(
  db: Kysely<Database>,
  viewer: Viewer,
  ids: readonly number[],
): Promise<{ permits: string; shared: string; toStore: PageCopiesToStore }> {
  const { facilityId } = viewer.actor;
  const readStartedMs = performance.now();
  const copies = await currentSnapshots(db, facilityId, ids);
  const missing = ids.filter((id) => !copies.has(id));
  const toStore: PageCopiesToStore = { taken: '', readStartedMs, rows: [], values: new Map() };
  const { viewer: flagViewer, context } = await readOfflineFlagContext(db, viewer);
  const flagsOf = (inputs: OfflineFlagInputs) => offlineFlags(inputs, flagViewer, context);
  if (missing.length) {
    toStore.taken = await currentSnapshot(db);
    for (const { base, inputs } of await readOfflineFlagBases(db, facilityId, missing)) {
      // The caller's flags show which flags the permit has: each becomes a marker.
      const copy = copyOf(base, flagsOf(inputs));
      const row = {
        permitId: base.permit.ID,
        body: copy.body,
        inputs: JSON.stringify(inputs),
        valueKeys: [...copy.values.keys()],
      };
      copies.set(row.permitId, row);
      toStore.rows.push(row);
      for (const [hash, value] of copy.values) toStore.values.set(hash, value);
    }
  }
  const present = ids.filter((id) => copies.has(id));
  const values = await valuesNamed(
    db,
    present.map((id) => copies.get(id)!.valueKeys),
    toStore.values,
  );
  const flags = present.map((id) => flagsOf(JSON.parse(copies.get(id)!.inputs) as OfflineFlagInputs));
  const assembled = assemblePermits(
    present.map((id) => copies.get(id)!.body),
    flags,
    values,
  );
  return { ...assembled, toStore };
}

/** Stores the copies a page read (on a connection of its own: the page's transaction is read-only). */
export async function storePageCopies(db: Kysely<Database>, facilityId: number, toStore: PageCopiesToStore) {
  if (!toStore.rows.length) return;
  const copy = { taken: toStore.taken, ageMs: performance.now() - toStore.readStartedMs };
  await storeSnapshots(db, facilityId, copy, toStore.rows, toStore.values);
}

async function valuesNamed(
  db: Kysely<Database>,
  keyLists: readonly string[][],
  fresh: ReadonlyMap<string, string>,
): Promise<Map<string, string>> {
  const values = new Map<string, string>();
  const unknown = new Set<string>();
  // Copies that name the same values share one list (currentSnapshots): each list is read once.
  for (const keys of new Set(keyLists)) {
    for (const key of keys) {
      if (values.has(key)) continue;
      const text = fresh.get(key) ?? knownValues.get(key);
      if (text === undefined) unknown.add(key);
      else values.set(key, text);
    }
  }
  for (const [key, text] of await copyValues(db, [...unknown])) {
    values.set(key, text);
    if (knownValues.size < KNOWN_VALUES_MAX) knownValues.set(key, text);
  }
  return values;
}
