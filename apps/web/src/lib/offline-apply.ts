import {
  allowedIsolationPlanVerbs,
  isolationPlanNextStepFields,
  offlineCommandNames,
  type IsolationPlan,
  type Lock,
  type OfflineCommandName,
  type OfflinePermit,
  type Said,
} from '@hasp/contracts';

/**
 * What every domain's offline applier shares (decision 0058, 0125): a queued command applied to
 * the device's copy of the permit, so the page shows the new state at once, by the same rules the
 * server decides with (contracts). Each domain keeps its applier beside its feature
 * (`features/<domain>/offline-apply.ts`); app/ composes them; the permit page's offline source
 * hands each command to the applier of its domain. The server still decides at sync.
 */

/** Who acts on this device: the signed-in user and their permissions (from the session context). */
export interface LocalActor {
  userId: number;
  displayName: string;
  permissions: ReadonlySet<string>;
}

/** Names of people, areas and assets by id, for a change that names them only by id. */
export interface NameBook {
  person(id: number): string | undefined;
  area(id: number): { number: string; name: string } | undefined;
  asset(id: number): { number: string; description: string } | undefined;
}

export type LocalOutcome =
  | { ok: true; data: OfflinePermit; answer: unknown; appliedHere: boolean }
  | { ok: false; status: 403 | 404 | 409 | 422; reason: string; said?: Said };

export type LocalRefusal = Extract<LocalOutcome, { ok: false }>;
export const refuse = (status: LocalRefusal['status'], reason: string, said?: Said): LocalRefusal => ({
  ok: false,
  status,
  reason,
  ...(said ? { said } : {}),
});

const offlineNames: ReadonlySet<string> = new Set(offlineCommandNames);
export const isOfflineCommand = (name: string): name is OfflineCommandName => offlineNames.has(name);

/**
 * The page's number for a permit made on this device (Permit.ID is a number): negative, so it can
 * never be a server id, and derived from the uuid so the same local permit always has the same one.
 */
export function localAlias(localUuid: string): number {
  return -(Number.parseInt(localUuid.replaceAll('-', '').slice(0, 7), 16) + 1);
}

/** The version a queued command is based on: the record's as downloaded (the server accepts the chain). */
export function baseVersionOf(data: OfflinePermit, name: OfflineCommandName, recordVersion?: number): number | null {
  if (name === 'permit.create') return null;
  const prefix = name.slice(0, name.indexOf('.'));
  // Lock commands are checked against the permit's own version (they lock the permit, decision 0064).
  return data.versions[prefix] ?? recordVersion ?? (prefix === 'permit' || prefix === 'lock' ? data.permit.version : 0);
}

/**
 * The plan's next step and buttons by the plan's rules (contracts' `allowedIsolationPlanVerbs`, as
 * the server: plan edits need create or issue, every step issue), those queueable offline. Locks,
 * tags and the permit's status change what the plan shows, so their appliers finish it too.
 */
export function finishPlan(plan: IsolationPlan, actor: LocalActor, permitTypeCode: string): IsolationPlan {
  const allowed = allowedIsolationPlanVerbs(plan, permitTypeCode, actor.permissions).filter((verb) =>
    isOfflineCommand(`isolation-plan.${verb}`),
  );
  return { ...plan, ...isolationPlanNextStepFields(plan), allowedVerbs: allowed };
}

/** A command the page posted, as the offline source recognised it by its declared route. */
export interface OfflineCall {
  name: OfflineCommandName;
  /** The name without its domain: `apply` for `tag.apply`. */
  verb: string;
  body: Record<string, unknown>;
}

/** What the device knows beyond the permit's copy, read only by the appliers that need it. */
export interface DeviceReads {
  actor: LocalActor;
  now: Date;
  /** A new uuid, for a record made here (the server maps its local id at sync). */
  newId(): string;
  names(): Promise<NameBook>;
  /** The user's locks as downloaded, with the changes made on this device. */
  locks(): Promise<Lock[]>;
  /** A facility list the device downloaded (active items). */
  masterList(key: 'hazards' | 'controls'): Promise<Array<{ ID: number; caption: string }>>;
  /** A signed verb's password sealed for this one queued command (the outbox never holds it). */
  sealSignature(verb: string, body: Record<string, unknown>): Promise<Record<string, unknown>>;
}

/** A command applied on the device: the changed copy, and what else the outbox and the device keep. */
export type OfflineApplied = Extract<LocalOutcome, { ok: true }> & {
  /** What the outbox sends (default: the body as posted), e.g. with local ids the server maps. */
  input?: Record<string, unknown>;
  /** The device's applicable locks after the command, when it changed them. */
  locks?: Lock[];
  /** The version of the record the command is about, when its section keeps one per record (a tag). */
  recordVersion?: number;
};

/** One domain's offline rules: the commands whose name starts with `<domain>.`. */
export interface OfflineApplier {
  domain: string;
  /**
   * The domain's own answers to the page's reads of its section (path after `permits/:id/`), from
   * the copy: what only this domain knows to show offline (undefined: not stored on the device).
   */
  reads?: Record<string, (data: OfflinePermit, device: DeviceReads) => unknown>;
  apply(
    data: OfflinePermit,
    call: OfflineCall,
    device: DeviceReads,
  ): OfflineApplied | LocalRefusal | Promise<OfflineApplied | LocalRefusal>;
}
