import {
  SIGNING_SEAL_KEY_REFERENCE,
  signingSealKeySchema,
  type Lock,
  type OfflinePermit,
  type PermitTypeInfo,
  type SigningSealKey,
} from '@hasp/contracts';
import { ApiRequestError, type RequestOptions } from '../../../lib/http';
import { browserDatabase, storedPermitsOf, type HaspDatabase, type Owner } from '../../../offline-db';
import type { NameBook } from '../../../lib/offline-apply';
import { currentOwner, offlineDataOf } from './stored-permit';

/**
 * Reference data offline (decision 0058): the pickers of the permit form (people, areas, assets) and
 * the create page's permit type answered from the browser database's `reference` rows (kinds
 * `people`, `areas`, `assets`, `permit-type:<CODE>`, filled by the offline download), or from the permits
 * stored on the device when a kind is missing. When neither has it, the answer says so plainly.
 */

interface Place {
  kind: 'area' | 'asset';
  ID: number;
  number: string;
  name: string;
}

const referenceKey = (owner: Owner, kind: string) => `${owner.connectionStringName}:${owner.facilityId}:${kind}`;

async function referenceOf(db: HaspDatabase, owner: Owner, kind: string): Promise<unknown> {
  return (await db.reference.get(referenceKey(owner, kind)))?.data;
}

/** The server's key to seal an offline signature with, as the last offline download gave it; null before one did. */
export async function signingSealKeyOf(db: HaspDatabase, owner: Owner): Promise<SigningSealKey | null> {
  const parsed = signingSealKeySchema.safeParse(await referenceOf(db, owner, SIGNING_SEAL_KEY_REFERENCE));
  return parsed.success ? parsed.data : null;
}

/** A list however a route wraps it: an array, or `{ results | items | rows | nodes: [...] }`. */
function listOf(data: unknown): unknown[] {
  if (Array.isArray(data)) return data;
  if (data && typeof data === 'object') {
    for (const field of ['results', 'items', 'rows', 'nodes', 'people', 'users']) {
      const value = (data as Record<string, unknown>)[field];
      if (Array.isArray(value)) return value;
    }
  }
  return [];
}

function placeOf(item: unknown, fallback: 'area' | 'asset'): Place | null {
  const raw = ((item as { node?: unknown })?.node ?? item) as Record<string, unknown> | null;
  if (!raw || typeof raw.ID !== 'number' || typeof raw.number !== 'string') return null;
  const kind = raw.kind === 'area' || raw.kind === 'asset' ? raw.kind : fallback;
  const name = typeof raw.name === 'string' ? raw.name : typeof raw.description === 'string' ? raw.description : '';
  return { kind, ID: raw.ID, number: raw.number, name };
}

/** Areas and assets known on the device: the reference rows, else those the stored permits name. */
async function placesOf(db: HaspDatabase, owner: Owner): Promise<Place[]> {
  const places = [
    ...listOf(await referenceOf(db, owner, 'areas')).map((i) => placeOf(i, 'area')),
    ...listOf(await referenceOf(db, owner, 'assets')).map((i) => placeOf(i, 'asset')),
  ].filter((p): p is Place => p !== null);
  if (places.length) return places;
  const seen = new Map<string, Place>();
  for (const row of await storedRows(db, owner)) {
    const permit = offlineDataOf(row).permit;
    if (permit.area) seen.set(`area:${permit.area.ID}`, { kind: 'area', ...permit.area });
    for (const a of permit.assets)
      seen.set(`asset:${a.ID}`, { kind: 'asset', ID: a.ID, number: a.number, name: a.description });
  }
  return [...seen.values()];
}

interface PersonOption {
  ID: number;
  displayName: string;
  userName: string;
}

async function peopleOf(db: HaspDatabase, owner: Owner): Promise<PersonOption[]> {
  const people = listOf(await referenceOf(db, owner, 'people'))
    .map((p) => p as Partial<PersonOption>)
    .filter((p): p is PersonOption => typeof p.ID === 'number' && typeof p.displayName === 'string')
    .map((p) => ({ ID: p.ID, displayName: p.displayName, userName: p.userName ?? '' }));
  if (people.length) return people;
  const seen = new Map<number, PersonOption>();
  for (const row of await storedRows(db, owner)) {
    const permit = offlineDataOf(row).permit;
    for (const p of [permit.requester, permit.holder, permit.issuer, ...permit.approvals.map((a) => a.user)])
      if (p) seen.set(p.ID, { ...p, userName: '' });
  }
  return [...seen.values()];
}

/** Every permit the owner keeps on the device, whole (pages and rows): only when a reference row is missing. */
const storedRows = (db: HaspDatabase, owner: Owner) => storedPermitsOf(db, owner);

/** What a type's create page needs, from the reference rows, else from a stored permit of the type. */
export async function permitTypeOffline(db: HaspDatabase, owner: Owner, code: string): Promise<PermitTypeInfo | null> {
  // The offline download keeps each type's answer as `permit-type:<CODE>`; a list of them also serves.
  const own = (await referenceOf(db, owner, `permit-type:${code}`)) as Partial<PermitTypeInfo> | undefined;
  const listed =
    own ??
    (listOf(await referenceOf(db, owner, 'permit-types')).find((t) => (t as { code?: unknown }).code === code) as
      Partial<PermitTypeInfo> | undefined);
  if (listed && typeof listed.ID === 'number') {
    return {
      ID: listed.ID,
      code,
      name: listed.name ?? code,
      icon: listed.icon ?? '',
      color: listed.color ?? '',
      maxValidityHours: listed.maxValidityHours ?? 24,
      maxExtensions: listed.maxExtensions ?? 0,
      sections: listed.sections ?? [],
    };
  }
  const row = (await storedRows(db, owner)).find((r) => r.permitType === code);
  if (!row) return null;
  const type = offlineDataOf(row).permit.permitType;
  const permit = offlineDataOf(row).permit;
  // The type's maximum validity is not on a permit: the stored permit's own window is a safe bound.
  const hours = Math.max(1, Math.round((Date.parse(permit.plannedEnd) - Date.parse(permit.plannedStart)) / 3_600_000));
  return {
    ID: type.ID,
    code,
    name: type.name,
    icon: type.icon,
    color: type.color,
    maxValidityHours: hours,
    maxExtensions: 0,
    sections: permit.permitType.sections ?? [],
  };
}

/** The permit type's sections and look, for a permit made on this device (from a stored permit of the type). */
export async function permitTypeSectionsOffline(
  db: HaspDatabase,
  owner: Owner,
  code: string,
): Promise<OfflinePermit['permit']['permitType'] | null> {
  const row = (await storedRows(db, owner)).find((r) => r.permitType === code);
  return row ? offlineDataOf(row).permit.permitType : null;
}

const notDownloaded = (what: string) =>
  new ApiRequestError(409, {
    code: 'CONFLICT',
    message: `${what} are not stored on this device: pick them when you are back online.`,
  });

/** Answers the reference reads a permit page makes, while offline; undefined: not one of them. */
export function answerReference(path: string, options: RequestOptions): Promise<unknown> | undefined {
  const q = String(options.query?.q ?? '')
    .trim()
    .toLowerCase();
  const owner = currentOwner();
  if (!owner) return undefined;
  const db = browserDatabase();
  if (path === 'users' && options.query?.q !== undefined) {
    return peopleOf(db, owner).then((people) => {
      if (!people.length) throw notDownloaded('People');
      return people.filter((p) => p.displayName.toLowerCase().includes(q)).slice(0, 20);
    });
  }
  if (path === 'assets/search') {
    return placesOf(db, owner).then((places) => {
      if (!places.length) throw notDownloaded('Areas and assets');
      const hits = places.filter((p) => `${p.number} ${p.name}`.toLowerCase().includes(q));
      return {
        results: hits.slice(0, 20).map((p) => ({
          node: { ...p, status: p.kind === 'asset' ? 'in_service' : null, hasChildren: false, childCount: 0 },
          path: [],
        })),
        truncated: hits.length > 20,
      };
    });
  }
  const list = /^assets\/master-lists\/(hazards|controls)$/.exec(path);
  if (list) {
    return hazardListOf(db, owner, list[1] as 'hazards' | 'controls').then((items) => {
      if (!items.length) throw notDownloaded(list[1] === 'hazards' ? 'Hazards' : 'Controls');
      return items;
    });
  }
  const type = /^permits\/types\/([^/]+)$/.exec(path);
  if (type) {
    return permitTypeOffline(db, owner, decodeURIComponent(type[1]!)).then((info) => {
      if (!info)
        throw new ApiRequestError(404, {
          code: 'NOT_FOUND',
          message: 'This permit type is not stored on this device.',
        });
      return info;
    });
  }
  return undefined;
}

/** Names of people, areas and assets the device knows, for a change that names them by id. */
export async function nameBook(db: HaspDatabase, owner: Owner, data: OfflinePermit): Promise<NameBook> {
  const [people, places] = await Promise.all([peopleOf(db, owner), placesOf(db, owner)]);
  const permit = data.permit;
  return {
    person: (id) => people.find((p) => p.ID === id)?.displayName,
    area: (id) => {
      const p = places.find((x) => x.kind === 'area' && x.ID === id);
      return p ? { number: p.number, name: p.name } : permit.area?.ID === id ? permit.area : undefined;
    },
    asset: (id) => {
      const p = places.find((x) => x.kind === 'asset' && x.ID === id);
      return p ? { number: p.number, description: p.name } : undefined;
    },
  };
}

/** The user's applicable locks as the download stored them (`applicable-locks:<user>`), with local changes. */
export async function deviceLocksOf(db: HaspDatabase, owner: Owner): Promise<Lock[]> {
  return listOf(await referenceOf(db, owner, `applicable-locks:${owner.userId}`)) as Lock[];
}

/** Keeps the lock list's statuses after a lock applied or removed here (inside the caller's transaction). */
export async function saveDeviceLocks(db: HaspDatabase, owner: Owner, locks: Lock[]): Promise<void> {
  const kind = `applicable-locks:${owner.userId}`;
  await db.reference.put({
    key: referenceKey(owner, kind),
    connectionStringName: owner.connectionStringName,
    facilityId: owner.facilityId,
    kind,
    data: locks,
    updatedAt: new Date().toISOString(),
  });
}

interface ListItem {
  ID: number;
  listKey: 'hazards' | 'controls';
  value: string;
  caption: string;
  sortOrder: number;
  isActive: boolean;
}

/**
 * The hazard analysis's list items the device knows (decision 0067): the list's reference row
 * (`master-list:<key>`) when a download stored it, else the items on the stored permits' lines.
 */
export async function hazardListOf(db: HaspDatabase, owner: Owner, key: 'hazards' | 'controls'): Promise<ListItem[]> {
  const stored = listOf(await referenceOf(db, owner, `master-list:${key}`)) as ListItem[];
  if (stored.length) return stored.filter((i) => i.isActive !== false);
  const seen = new Map<number, ListItem>();
  for (const row of await storedRows(db, owner)) {
    const analysis = offlineDataOf(row).sections['hazard-analysis'] as
      | {
          lines: {
            hazard: { ID: number; caption: string };
            controls: { item: { ID: number; caption: string } | null }[];
          }[];
        }
      | undefined;
    for (const line of analysis?.lines ?? []) {
      const refs = key === 'hazards' ? [line.hazard] : line.controls.flatMap((c) => (c.item ? [c.item] : []));
      for (const item of refs)
        if (item.ID > 0)
          seen.set(item.ID, {
            ID: item.ID,
            listKey: key,
            value: item.caption,
            caption: item.caption,
            sortOrder: 0,
            isActive: true,
          });
    }
  }
  return [...seen.values()].sort((a, b) => a.caption.localeCompare(b.caption));
}
