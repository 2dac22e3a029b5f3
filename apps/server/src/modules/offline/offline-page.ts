import { createHash } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import type { Kysely } from 'kysely';
import { offlineFlags, type OfflineFlagInputs, type OfflineFlags } from '@hasp/contracts';
import type { Database } from '../../db/schema';
import type { Actor } from '../../platform';
import { assemblePermits, copyOf } from './offline-copies';
import { readOfflineFlagBases, readOfflineFlagContext } from './offline-flags.service';
import {
  copyValues,
  currentDigests,
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

/** The digest of a copy's text (its flags are markers in it: the same for every viewer). */
const copyDigest = (body: string) => createHash('sha1').update(body).digest('base64url');

/**
 * What a viewer was sent of a permit, as a cursor records it (decision 0118): the copy's digest
 * with this viewer's flags. It differs when the permit's data changed or when what the viewer may
 * do with it did (time alone moves flags: a validity ending, a gas test going stale).
 */
const viewerDigest = (digest: string, flags: OfflineFlags) =>
  createHash('sha1').update(digest).update(JSON.stringify(flags)).digest('base64url').slice(0, 16);

/**
 * One page's (or one download's first page's) reading: the viewer's flag context read once, the
 * copies found or built, and what is left to store. Use inside the page's repeatable-read transaction.
 */
export class PageReader {
  private readonly copies = new Map<number, StoredCopy>();
  readonly toStore: PageCopiesToStore = { taken: '', readStartedMs: performance.now(), rows: [], values: new Map() };

  private constructor(
    private readonly db: Kysely<Database>,
    private readonly facilityId: number,
    private readonly flagsOf: (inputs: OfflineFlagInputs) => OfflineFlags,
  ) {}

  static async open(db: Kysely<Database>, viewer: Viewer): Promise<PageReader> {
    const { viewer: flagViewer, context } = await readOfflineFlagContext(db, viewer);
    return new PageReader(db, viewer.actor.facilityId, (inputs) => offlineFlags(inputs, flagViewer, context));
  }

  /**
   * The permits among `ids` whose digest for this viewer differs from the one `since` recorded
   * (or that it never recorded), and the digests of the others. Reads no copy's text: a permit with
   * no current copy is read now (as a page would) and its copy kept for the page and stored after.
   */
  async changedSince(
    ids: readonly number[],
    since: ReadonlyMap<number, string>,
  ): Promise<{ changed: number[]; unchanged: Map<number, string> }> {
    const digests = await currentDigests(this.db, this.facilityId, ids);
    await this.build(ids.filter((id) => !digests.has(id)));
    const changed: number[] = [];
    const unchanged = new Map<number, string>();
    for (const id of ids) {
      const found = digests.get(id) ?? this.copies.get(id);
      if (!found) continue; // no longer a permit of the facility
      const digest = viewerDigest(found.digest, this.flagsOf(JSON.parse(found.inputs) as OfflineFlagInputs));
      if (since.get(id) === digest) unchanged.set(id, digest);
      else changed.push(id);
    }
    return { changed, unchanged };
  }

  /**
   * A page's `permits` and `shared` as JSON text (decision 0082): each permit's stored copy when
   * it is still current, else its copy read now for nobody (`readOfflineFlagBases`), with the
   * viewer's flags computed from the copy's inputs (contracts' `offlineFlags`) and written in place
   * of its markers; and each permit's digest for this viewer, for the download's cursor.
   */
  async page(ids: readonly number[]): Promise<{ permits: string; shared: string; digests: Map<number, string> }> {
    const unread = ids.filter((id) => !this.copies.has(id));
    for (const [id, copy] of await currentSnapshots(this.db, this.facilityId, unread)) this.copies.set(id, copy);
    await this.build(ids.filter((id) => !this.copies.has(id)));
    const present = ids.filter((id) => this.copies.has(id)).map((id) => [id, this.copies.get(id)!] as const);
    const values = await valuesNamed(
      this.db,
      present.map(([, copy]) => copy.valueKeys),
      this.toStore.values,
    );
    const flags = present.map(([, copy]) => this.flagsOf(JSON.parse(copy.inputs) as OfflineFlagInputs));
    const digests = new Map(
      present.map(([id, copy], i) => [id, viewerDigest(copy.digest || copyDigest(copy.body), flags[i]!)]),
    );
    return {
      ...assemblePermits(
        present.map(([, copy]) => copy.body),
        flags,
        values,
      ),
      digests,
    };
  }

  /** Reads the copies of `missing` now (for nobody: their flags are markers) and keeps them to store. */
  private async build(missing: readonly number[]): Promise<void> {
    if (!missing.length) return;
    this.toStore.taken ||= await currentSnapshot(this.db);
    for (const { base, inputs } of await readOfflineFlagBases(this.db, this.facilityId, missing)) {
      // The caller's flags show which flags the permit has: each becomes a marker.
      const copy = copyOf(base, this.flagsOf(inputs));
      const row = {
        permitId: base.permit.ID,
        body: copy.body,
        digest: copyDigest(copy.body),
        inputs: JSON.stringify(inputs),
        valueKeys: [...copy.values.keys()],
      };
      this.copies.set(row.permitId, row);
      this.toStore.rows.push(row);
      for (const [hash, value] of copy.values) this.toStore.values.set(hash, value);
    }
  }
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
