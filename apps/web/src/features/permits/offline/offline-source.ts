import type { QueryClient } from '@tanstack/react-query';
import {
  hazardAnalysisVerbs,
  isSignedPermitCommand,
  isolationPlanVerbs,
  lockboxCommands,
  offlinePermitLabels,
  permitCommands,
  tagCommands,
  type HazardAnalysisVerb,
  type IsolationPlanVerb,
  type LockboxCommand,
  type OfflineCommandName,
  type OfflinePermit,
  type PermitCommand,
  type PermitQuestionVerb,
  type TagCommand,
  type Said,
} from '@hasp/contracts';
import { ApiRequestError, setOfflineSource, type RequestOptions } from '../../../lib/http';
import { translate } from '../../../lib/i18n';
import { networkState } from '../../../lib/network-state';
import { showToast } from '../../../lib/toast';
import { browserDatabase, storedPermitOf, type Owner } from '../../../offline-db';
import { queueCommand, sealSignature } from './outbox';
import { sealedForOutbox } from './offline-signing';
import {
  applyPermitCommand,
  applyPlanCommand,
  applyTagCommand,
  baseVersionOf,
  isOfflineCommand,
  offlineRefusal,
  type LocalOutcome,
  type NameBook,
} from './local-apply';
import { recordGasTestOffline, voidGasTestOffline } from './local-apply-gas';
import { answerQuestionOffline } from './local-apply-questions';
import { applicableLocksOffline, applyLockOffline, removeLockOffline } from './local-apply-locks';
import { lockboxCommandOffline, lockboxViewOffline } from './local-apply-lockbox';
import { answerReference, deviceLocksOf, hazardListOf, nameBook, saveDeviceLocks, signingSealKeyOf } from './reference';
import { hazardCommandOffline } from './local-apply-hazards';
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
  if (method === 'GET') {
    // The lock picker: the user's applicable locks as downloaded, less those applied on this device.
    if (rest === 'locks/applicable') return applicableLocksOffline(data, await deviceLocksOf(db, owner));
    // The crew section: its buttons by the lockbox's rules for this user (opening needs the network).
    if (rest === 'lockbox') {
      const view = lockboxViewOffline(data, await localActorOf(client, owner));
      if (!view) throw localError(409, sectionNotStored);
      return view;
    }
    // Only what can be queued is offered (approving needs the network: the notice says why).
    if (rest === '')
      return {
        ...data.permit,
        allowedCommands: data.permit.allowedCommands.filter((verb) => isOfflineCommand(`permit.${verb}`)),
      };
    const first = rest.split('/')[0] ?? '';
    const section = data.sections[rest] ?? data.sections[sectionOfPath[first] ?? first];
    if (section === undefined || (rest.includes('/') && data.sections[rest] === undefined))
      throw localError(409, sectionNotStored);
    // A tag's buttons: only the steps that can be queued (printing, voiding, links need the server).
    if (rest === 'tags' && Array.isArray(section))
      return (section as Array<{ allowedCommands: string[] }>).map((tag) => ({
        ...tag,
        allowedCommands: tag.allowedCommands.filter((c) => isOfflineCommand(`tag.${c}`)),
      }));
    return section;
  }
  const command = commandOf(rest, options.body);
  if (!command)
    throw localError(
      409,
      'This change needs the network: it cannot be saved offline. Try again when you are back online.',
    );
  if (!isOfflineCommand(command.name)) throw localError(409, offlineRefusal(command.verb));
  const actor = await localActorOf(client, owner);
  if (command.section === 'locks') {
    const locks = await deviceLocksOf(db, owner);
    const now = new Date();
    const outcome =
      command.verb === 'apply'
        ? applyLockOffline(
            data,
            command.body as { lockId: number; planPointId: number; secondLock?: boolean },
            actor,
            locks,
            now,
            crypto.randomUUID(),
          )
        : removeLockOffline(data, command.body as { applicationId: number }, actor, locks, now);
    if (!outcome.ok) throw localError(outcome.status, outcome.reason, outcome.said);
    await saveOffline(owner, row.key, targetIdOf(row), { ...command, body: outcome.input }, outcome, data, () =>
      saveDeviceLocks(db, owner, outcome.locks),
    );
    return outcome.answer;
  }
  if (command.section === 'lockbox') {
    const locks = await deviceLocksOf(db, owner);
    const verb = command.verb as LockboxCommand;
    const outcome = lockboxCommandOffline(data, verb, command.body, actor, locks, new Date(), crypto.randomUUID());
    if (!outcome.ok) throw localError(outcome.status, outcome.reason, outcome.said);
    const nextLocks = outcome.locks;
    await saveOffline(
      owner,
      row.key,
      targetIdOf(row),
      { ...command, body: outcome.input },
      outcome,
      data,
      nextLocks && (() => saveDeviceLocks(db, owner, nextLocks)),
    );
    return outcome.answer;
  }
  if (command.section === 'hazard-analysis') {
    const [hazards, controls] = await Promise.all([
      hazardListOf(db, owner, 'hazards'),
      hazardListOf(db, owner, 'controls'),
    ]);
    const items = {
      hazard: (id: number) => hazards.find((i) => i.ID === id)?.caption,
      control: (id: number) => controls.find((i) => i.ID === id)?.caption,
    };
    const verb = command.verb as HazardAnalysisVerb;
    const outcome = hazardCommandOffline(data, verb, command.body, actor, items, new Date(), crypto.randomUUID());
    if (!outcome.ok) throw localError(outcome.status, outcome.reason, outcome.said);
    await saveOffline(owner, row.key, targetIdOf(row), { ...command, body: outcome.input }, outcome, data);
    return outcome.answer;
  }
  const names = await nameBook(db, owner, data);
  if (command.section === 'questions') {
    const verb = command.verb as PermitQuestionVerb;
    const outcome = answerQuestionOffline(data, verb, command.body, actor, new Date(), crypto.randomUUID());
    if (!outcome.ok) throw localError(outcome.status, outcome.reason, outcome.said);
    await saveOffline(owner, row.key, targetIdOf(row), { ...command, body: outcome.input }, outcome, data);
    return outcome.answer;
  }
  if (command.section === 'gas-tests') {
    const outcome =
      command.verb === 'void'
        ? voidGasTestOffline(data, command.body, actor, new Date())
        : recordGasTestOffline(data, command.body, actor, new Date(), crypto.randomUUID());
    if (!outcome.ok) throw localError(outcome.status, outcome.reason, outcome.said);
    await saveOffline(owner, row.key, targetIdOf(row), { ...command, body: outcome.input }, outcome, data);
    return outcome.answer;
  }
  const outcome = applyLocally(data, command, actor, names);
  if (!outcome.ok) throw localError(outcome.status, outcome.reason, outcome.said);
  // A signed verb's password is sealed for this one queued command before anything is saved; the
  // outbox never holds it (decision 0102).
  const idempotencyKey = crypto.randomUUID();
  const signed =
    command.section === 'permit' && isSignedPermitCommand(command.verb)
      ? {
          ...command,
          body: await sealedForOutbox(await signingSealKeyOf(db, owner), sealSignature, {
            verb: command.verb,
            permitId: targetIdOf(row),
            commandId: idempotencyKey,
            body: command.body,
          }),
        }
      : command;
  await saveOffline(owner, row.key, targetIdOf(row), signed, outcome, data, undefined, idempotencyKey);
  return outcome.answer;
}

interface ParsedCommand {
  name: OfflineCommandName;
  verb: string;
  body: Record<string, unknown>;
  section: 'permit' | 'isolation-plan' | 'tags' | 'locks' | 'lockbox' | 'gas-tests' | 'questions' | 'hazard-analysis';
}

/** `commands/<verb>`, `isolation-plan/commands/<verb>`, `tags/commands/<verb>` → the command's registered name. */
function commandOf(rest: string, body: unknown): ParsedCommand | null {
  const input = (body ?? {}) as Record<string, unknown>;
  const [first, second, third] = rest.split('/');
  if (first === 'commands' && second && (permitCommands as readonly string[]).includes(second))
    return { name: `permit.${second}` as OfflineCommandName, verb: second, body: input, section: 'permit' };
  if (
    first === 'isolation-plan' &&
    second === 'commands' &&
    third &&
    (isolationPlanVerbs as readonly string[]).includes(third)
  )
    return {
      name: `isolation-plan.${third}` as OfflineCommandName,
      verb: third,
      body: input,
      section: 'isolation-plan',
    };
  if (first === 'tags' && second === 'commands' && third && (tagCommands as readonly string[]).includes(third))
    return { name: `tag.${third}` as OfflineCommandName, verb: third, body: input, section: 'tags' };
  // A lock at a plan point (the locks module's route): applied and removed offline (decision 0064).
  if (first === 'locks' && second === 'commands' && (third === 'apply' || third === 'remove'))
    return { name: `lock.${third}`, verb: third, body: input, section: 'locks' };
  // The group lockbox: a crew member's sign-on and sign-off, the primary's keys and release (decision 0067).
  if (first === 'lockbox' && second === 'commands' && third && (lockboxCommands as readonly string[]).includes(third))
    return { name: `lockbox.${third}` as OfflineCommandName, verb: third, body: input, section: 'lockbox' };
  // A hazard analysis line added, changed, removed, or the lines reordered (decision 0067).
  if (
    first === 'hazard-analysis' &&
    second === 'commands' &&
    third &&
    (hazardAnalysisVerbs as readonly string[]).includes(third)
  )
    return {
      name: `hazard-analysis.${third}` as OfflineCommandName,
      verb: third,
      body: input,
      section: 'hazard-analysis',
    };
  // A gas test's readings, or the void of one entered in error (decision 0067).
  if (first === 'gas-tests' && second === 'commands' && (third === 'record' || third === 'void'))
    return { name: `gas-test.${third}`, verb: third, body: input, section: 'gas-tests' };
  // A checklist answer, or a change of one.
  if (first === 'questions' && second === 'commands' && (third === 'answer' || third === 'change-answer'))
    return { name: `permit-questions.${third}`, verb: third, body: input, section: 'questions' };
  return null;
}

function applyLocally(
  data: OfflinePermit,
  command: ParsedCommand,
  actor: Awaited<ReturnType<typeof localActorOf>>,
  names: NameBook,
): LocalOutcome {
  const now = new Date();
  switch (command.section) {
    case 'permit':
      return applyPermitCommand(data, command.verb as PermitCommand, command.body, actor, names, now);
    case 'isolation-plan':
      return applyPlanCommand(data, command.verb as IsolationPlanVerb, command.body, actor, now);
    case 'tags':
      return applyTagCommand(data, command.verb as TagCommand, command.body as { tagId: number }, actor, now);
    case 'locks':
    case 'lockbox':
    case 'hazard-analysis':
    case 'gas-tests':
    case 'questions':
      throw new Error(`${command.name} is applied by its own local rules`);
  }
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
  command: ParsedCommand,
  outcome: Extract<LocalOutcome, { ok: true }>,
  before: OfflinePermit,
  /** Another write of the same change (the device's lock list), in the same transaction. */
  alsoWrite?: () => Promise<unknown>,
  /** The queued command's key, when chosen before (a sealed signature names it). */
  idempotencyKey?: string,
): Promise<void> {
  const db = browserDatabase();
  const tagVersion =
    command.section === 'tags'
      ? (before.sections.tags as Array<{ ID: number; version: number }> | undefined)?.find(
          (t) => t.ID === command.body.tagId,
        )?.version
      : undefined;
  const planVersion =
    command.section === 'isolation-plan'
      ? (before.sections['isolation-plan'] as { version: number } | undefined)?.version
      : undefined;
  try {
    await db.transaction('rw', [db.outbox, db.meta, db.permits, db.pages, db.pageTexts, db.reference], async () => {
      await queueCommand(db, owner, {
        name: command.name,
        // The REST route's URL id, the permit, for every section (a tag command names its tag in the body).
        targetId,
        input: command.body,
        baseVersion: baseVersionOf(before, command.name, tagVersion ?? planVersion),
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
