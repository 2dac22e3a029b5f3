import { expandOfflinePermits, offlinePermitSchema, type OfflineDownload, type OfflinePermit } from '@hasp/contracts';
import type { HaspDatabase } from './db';
import type { Owner, PermitSummary, StoredPage, StoredPermit } from './db';

/**
 * Reading the stored permits whether a download page or a `permits` row holds them (decision 0078).
 * A `permits` row of the owner wins over a page: it is a change made here, a copy refreshed after
 * sync or a permit created here, all newer than the download that brought the page (a download
 * deletes the rows of the permits it brings, unless the outbox still needs them).
 */

/** `<connection>:<facility>:`: the start of every permit key of one database and facility. */
const scopeOf = (owner: Pick<Owner, 'connectionStringName' | 'facilityId'>) =>
  `${owner.connectionStringName}:${owner.facilityId}:`;

const isOwners = (owner: Owner) => (row: Owner) =>
  row.connectionStringName === owner.connectionStringName &&
  row.facilityId === owner.facilityId &&
  row.userId === owner.userId;

/**
 * The list columns of a permit (a page's summary, or a `permits` row's data). A download page's
 * permits name their type by an index into the page's shared values: pass the page's type name.
 */
export function summaryOf(permit: OfflinePermit['permit'], typeName = permit.permitType.name): PermitSummary {
  return {
    ID: permit.ID,
    version: permit.version,
    number: permit.number,
    title: permit.title,
    status: permit.status,
    plannedStart: permit.plannedStart,
    plannedEnd: permit.plannedEnd,
    createdAt: permit.createdAt,
    holder: permit.holder?.displayName ?? '',
    typeName,
  };
}

/** The last page parsed (the permit page reads its copy again on every change to the database). */
let parsed: { db: string; key: string; updatedAt: string; page: OfflineDownload } | null = null;

async function parsedPage(db: HaspDatabase, page: StoredPage): Promise<OfflineDownload | undefined> {
  if (parsed?.db !== db.name || parsed.key !== page.key || parsed.updatedAt !== page.updatedAt) {
    const stored = await db.pageTexts.get(page.key);
    if (!stored) return undefined;
    const text = JSON.parse(stored.text) as OfflineDownload;
    parsed = { db: db.name, key: page.key, updatedAt: page.updatedAt, page: text };
  }
  return parsed.page;
}

/**
 * One permit of a page as the section routes answer it (what was sent once for the page put back),
 * checked against the contract as the whole page was when it was parsed on arrival before 0078.
 */
export async function permitOfPage(db: HaspDatabase, page: StoredPage, id: number): Promise<StoredPermit | undefined> {
  const download = await parsedPage(db, page);
  const compact = download?.permits.find((p) => p.permit.ID === id);
  if (!download || !compact) return undefined;
  const checked = offlinePermitSchema.safeParse(expandOfflinePermits([compact], download.shared)[0]);
  if (!checked.success) {
    console.error(`Stored permit ${id} does not match the offline contract`, checked.error.issues);
    return undefined;
  }
  return {
    connectionStringName: page.connectionStringName,
    facilityId: page.facilityId,
    userId: page.userId,
    key: `${scopeOf(page)}${id}`,
    permitType: page.permitType,
    version: checked.data.permit.version,
    data: checked.data,
    updatedAt: page.updatedAt,
  };
}

/** The owner's newest page that holds permit `id` (pages of an older download may still hold it). */
async function pageWith(db: HaspDatabase, owner: Owner, id: number): Promise<StoredPage | undefined> {
  const pages = (await db.pages.where('permitIds').equals(id).toArray()).filter(isOwners(owner));
  return pages.sort((a, b) => b.updatedAt.localeCompare(a.updatedAt))[0];
}

/**
 * The owner's stored permit by key (`<connection>:<facility>:<id or local:uuid>`): the `permits` row
 * when the owner has one, else the permit as its download page holds it.
 */
export async function storedPermitOf(db: HaspDatabase, owner: Owner, key: string): Promise<StoredPermit | undefined> {
  const row = await db.permits.get(key);
  if (row && row.userId === owner.userId) return row;
  const id = key.startsWith(scopeOf(owner)) ? key.slice(scopeOf(owner).length) : '';
  if (!/^\d+$/.test(id)) return undefined;
  const page = await pageWith(db, owner, Number(id));
  return page && permitOfPage(db, page, Number(id));
}

/** The owner's `permits` rows in this connection and facility. */
const ownRows = (db: HaspDatabase, owner: Owner) =>
  db.permits
    .where('[connectionStringName+facilityId]')
    .equals([owner.connectionStringName, owner.facilityId])
    .filter((row) => row.userId === owner.userId)
    .toArray();

/** The owner's pages in this connection and facility, newest first. */
async function ownPages(db: HaspDatabase, owner: Owner): Promise<StoredPage[]> {
  const pages = await db.pages
    .where('key')
    .startsWith(`${scopeOf(owner)}page:${owner.userId}:`)
    .toArray();
  return pages.sort((a, b) => b.updatedAt.localeCompare(a.updatedAt));
}

/** A stored permit as the offline lists show it. */
export interface StoredSummary extends PermitSummary {
  key: string;
  permitType: string;
  updatedAt: string;
  provisionalNumber?: string;
}

/** Every permit the owner has stored, by its list columns: `permits` rows first, then the pages' permits. */
export async function storedSummariesOf(db: HaspDatabase, owner: Owner): Promise<StoredSummary[]> {
  const seen = new Map<string, StoredSummary>();
  for (const row of await ownRows(db, owner)) {
    const { permit } = row.data as OfflinePermit;
    seen.set(row.key, {
      ...summaryOf(permit),
      key: row.key,
      permitType: row.permitType,
      updatedAt: row.updatedAt,
      ...(row.provisionalNumber ? { provisionalNumber: row.provisionalNumber } : {}),
    });
  }
  for (const page of await ownPages(db, owner)) {
    for (const summary of page.summaries) {
      const key = `${scopeOf(owner)}${summary.ID}`;
      if (!seen.has(key)) seen.set(key, { ...summary, key, permitType: page.permitType, updatedAt: page.updatedAt });
    }
  }
  return [...seen.values()];
}

/**
 * Every permit the owner has stored, whole (the reference fallbacks: people, places and lists named
 * by the stored permits when a download kept no reference rows). Parses every page: not for lists.
 */
export async function storedPermitsOf(db: HaspDatabase, owner: Owner): Promise<StoredPermit[]> {
  const seen = new Map<string, StoredPermit>();
  for (const row of await ownRows(db, owner)) seen.set(row.key, row);
  for (const page of await ownPages(db, owner)) {
    for (const id of page.permitIds) {
      const key = `${scopeOf(owner)}${id}`;
      if (seen.has(key)) continue;
      const permit = await permitOfPage(db, page, id);
      if (permit) seen.set(key, permit);
    }
  }
  return [...seen.values()];
}
