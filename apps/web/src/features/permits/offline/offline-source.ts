import type { QueryClient } from '@tanstack/react-query';
import {
  findCommandRoute,
  offlinePermitLabels,
  permitDomainCommandRoutes,
  type OfflinePermit,
  type Said,
} from '@hasp/contracts';
import { ApiRequestError, setOfflineSource, type RequestOptions } from '../../../lib/http';
import { translate } from '../../../lib/i18n';
import { networkState } from '../../../lib/network-state';
import {
  baseVersionOf,
  isOfflineCommand,
  type DeviceReads,
  type OfflineApplied,
  type OfflineCall,
} from '../../../lib/offline-apply';
import { showToast } from '../../../lib/toast';
import { browserDatabase, storedPermitOf, type HaspDatabase, type Owner } from '../../../offline-db';
import { offlineAppliers, queueCommand, sealSignature } from './outbox';
import { sealedForOutbox } from './offline-signing';
import { offlineRefusal } from './local-apply';
import { answerReference, deviceLocksOf, hazardListOf, nameBook, saveDeviceLocks, signingSealKeyOf } from './reference';
import { currentOwner, findStoredPermit, localActorOf, offlineDataOf, targetIdOf } from './stored-permit';

/**
 * The permit page's offline data source (decision 0058): the one seam through which the permit page
 * and its sections read and change a permit without a network. apiRequest asks it first; it claims
 * the permit routes while the app is offline (lib/network-state) and always for a permit made on
 * this device (a negative page id), and answers them from the stored permit (Dexie `permits`):
 * reads from its sections, changes by queueing the command in the outbox (strict durability) and
 * applying it to the stored copy in the same transaction. Everything else goes to the server.
 */

/** Where a section's GET path and its offline section name differ (contracts `offlineSectionNames`). */
const sectionOfPath: Record<string, string> = { lockbox: 'crew-sign-on' };

const permitRoute = /^permits\/(-?\d+)(?:\/(.*))?$/;

/** Refusals and gaps explained where they happen (the sections show the reason); 409 is what they already explain. */
const localError = (status: number, message: string, said?: Said) =>
  new ApiRequestError(
    status,
    {
      code: status === 403 ? 'FORBIDDEN' : status === 404 ? 'NOT_FOUND' : 'CONFLICT',
      message,
      ...(said ? { said } : {}),
    },
    undefined,
    // As the server's own words: sections that show the server's message show this one.
    message,
  );

export const notStoredMessage = 'This permit is not stored on this device: open it when you are back online.';
const sectionNotStored = 'This part of the permit is not stored on this device: it shows when you are back online.';

let installed: QueryClient | null = null;

/**
 * Installs the source for the app's query client (idempotent). Permit-page queries and every
 * mutation run their functions even while the browser says offline (the app's query client says so:
 * app/query-client.ts, lib/query-keys `offlineAnsweredRoots`): this source answers them from the
 * device instead.
 */
export function installOfflinePermitSource(client: QueryClient): void {
  if (installed === client) return;
  installed = client;
  // "Saved offline" is a toast: its code (lazy in main.tsx) must be here before the network goes,
  // or the first toast offline fails to load and takes the page down. Same module, same chunk.
  void import('../../../lib/toast-host');
  setOfflineSource((path, options) => answer(client, path.replace(/^\/+/, ''), options));
}

function answer(client: QueryClient, path: string, options: RequestOptions): Promise<unknown> | undefined {
  const offline = !networkState.isOnline();
  const match = permitRoute.exec(path);
  if (match) {
    const pageId = Number(match[1]);
    if (!offline && pageId > 0) return undefined;
    return answerPermit(client, pageId, match[2] ?? '', options);
  }
  return offline ? answerReference(path, options) : undefined;
}

async function answerPermit(client: QueryClient, pageId: number, rest: string, options: RequestOptions) {
  const owner = currentOwner();
  if (!owner) throw localError(404, notStoredMessage);
  const db = browserDatabase();
  const row = await findStoredPermit(db, owner, pageId);
  if (!row) throw localError(404, notStoredMessage);
  const data = offlineDataOf(row);
  const method = options.method ?? 'GET';
  // Every command is queued under the key chosen here: a signature sealed on the device names it.
  const idempotencyKey = crypto.randomUUID();
  const deviceFor = async () =>
    deviceReads(db, owner, data, targetIdOf(row), idempotencyKey, await localActorOf(client, owner));
  if (method === 'GET') {
    // A domain's own reading of its section (the lock picker, the crew's buttons, the queueable steps).
    const reader = offlineAppliers().find((applier) => applier.reads?.[rest])?.reads?.[rest];
    if (reader) {
      const view = await reader(data, await deviceFor());
      if (view === undefined) throw localError(409, sectionNotStored);
      return view;
    }
    const first = rest.split('/')[0] ?? '';
    const section = data.sections[rest] ?? data.sections[sectionOfPath[first] ?? first];
    if (section === undefined || (rest.includes('/') && data.sections[rest] === undefined))
      throw localError(409, sectionNotStored);
    return section;
  }
  // The command the page posted, recognised by its declared route (contracts), handed to its domain.
  const found = findCommandRoute(permitDomainCommandRoutes, `permits/${pageId}/${rest}`);
  if (!found)
    throw localError(
      409,
      'This change needs the network: it cannot be saved offline. Try again when you are back online.',
    );
  const name = found.route.name;
  const domain = name.slice(0, name.indexOf('.'));
  const verb = name.slice(domain.length + 1);
  if (!isOfflineCommand(name)) throw localError(409, offlineRefusal(verb));
  const applier = offlineAppliers().find((a) => a.domain === domain);
  if (!applier) throw new Error(`${name} has no offline applier`);
  const call = { name, verb, body: (options.body ?? {}) as Record<string, unknown> };
  const outcome = await applier.apply(data, call, await deviceFor());
  if (!outcome.ok) throw localError(outcome.status, outcome.reason, outcome.said);
  const locks = outcome.locks;
  await saveOffline(
    owner,
    row.key,
    targetIdOf(row),
    { ...call, body: outcome.input ?? call.body },
    outcome,
    data,
    locks && (() => saveDeviceLocks(db, owner, locks)),
    idempotencyKey,
  );
  return outcome.answer;
}

/** What the appliers may read of the device, for this permit and this one command. */
function deviceReads(
  db: HaspDatabase,
  owner: Owner,
  data: OfflinePermit,
  permitId: number | string,
  commandId: string,
  actor: DeviceReads['actor'],
): DeviceReads {
  return {
    actor,
    now: new Date(),
    newId: () => crypto.randomUUID(),
    names: () => nameBook(db, owner, data),
    locks: () => deviceLocksOf(db, owner),
    masterList: (key) => hazardListOf(db, owner, key),
    sealSignature: async (verb, body) =>
      sealedForOutbox(await signingSealKeyOf(db, owner), sealSignature, { verb, permitId, commandId, body }),
  };
}

/**
 * Queues the command and stores the locally applied permit in ONE strict transaction (an outbox
 * item without its local change, or the reverse, cannot survive a crash), then says so. A full
 * disk refuses both, and the caller's form keeps what the user typed.
 */
async function saveOffline(
  owner: Owner,
  permitKey: string,
  targetId: number | string,
  command: OfflineCall,
  outcome: OfflineApplied,
  before: OfflinePermit,
  /** Another write of the same change (the device's lock list), in the same transaction. */
  alsoWrite?: () => Promise<unknown>,
  /** The queued command's key, when chosen before (a sealed signature names it). */
  idempotencyKey?: string,
): Promise<void> {
  const db = browserDatabase();
  try {
    await db.transaction('rw', [db.outbox, db.meta, db.permits, db.pages, db.pageTexts, db.reference], async () => {
      await queueCommand(db, owner, {
        name: command.name,
        // The REST route's URL id, the permit, for every section (a tag command names its tag in the body).
        targetId,
        input: command.body,
        baseVersion: baseVersionOf(before, command.name, outcome.recordVersion),
        permitKey,
        ...(idempotencyKey ? { idempotencyKey } : {}),
      });
      // The changed copy becomes the permit's own row (it wins over its download page, decision 0078).
      const stored = await storedPermitOf(db, owner, permitKey);
      if (stored) await db.permits.put({ ...stored, data: outcome.data, updatedAt: new Date().toISOString() });
      await alsoWrite?.();
    });
  } catch (error) {
    throw notSavedError(error);
  }
  showToast({
    // Only now: the strict transaction has resolved, the change is on disk.
    title: translate(offlinePermitLabels.savedOffline),
    message: translate(outcome.appliedHere ? offlinePermitLabels.keptHere : offlinePermitLabels.keptForServer),
    tone: 'success',
  });
}

/** A save the browser refused (a full disk above all): nothing was written, and the user is told why. */
export function notSavedError(error: unknown): ApiRequestError {
  const full = error instanceof Error && (error.name === 'QuotaExceededError' || /quota/i.test(error.message));
  return localError(
    507,
    full
      ? 'Not saved: this device has no storage space left (QuotaExceededError). Free some space or go online; what you entered is still here.'
      : `Not saved on this device: ${error instanceof Error ? error.message : String(error)}. What you entered is still here.`,
  );
}
