import type { Transaction } from 'kysely';
import type { Permission } from '@hasp/contracts';
import type { Database } from '../../db/schema';
import type { AuditEntry } from '../audit/audit-entry';
import type { DomainEventInput } from '../events/record-event';
import type { Actor, RequestContext } from '../request-context';

/**
 * A change to a record, as data: the REST API and (later) the offline outbox send the same thing,
 * and the server runs it down one path (`runCommand`).
 */
export interface Command<I = unknown> {
  /** Which command: `settings.update`, `permit-types.arrange`. */
  name: string;
  /** The record it changes (its id within the actor's facility). */
  targetId: number;
  input: I;
  /** Sent again with a retry: the command is applied once and the first response returned. */
  idempotencyKey?: string | null;
  /** The version the sender saw; a newer one means someone else changed the record first (409). */
  expectedVersion?: number | null;
  /** When the device says it happened (offline changes), kept in the audit row beside server time. */
  deviceTime?: Date | null;
  /** When the server received it from the device's outbox (offline sync), kept in the audit row too. */
  syncTime?: Date | null;
  /**
   * The target as the sender named it, when that is not `targetId`: an offline outbox names a permit
   * made offline by its local id (`local:<uuid>`). A signature sealed on the device is bound to it.
   */
  sentTargetId?: number | string | null;
}

/** The command as it was sent: what a signature sealed on a device is bound to (permit, key). */
export interface SentCommand {
  idempotencyKey: string | null;
  /** The target as the sender named it (a server id, or an offline outbox's local id). */
  targetId: number | string;
}

/** A locked target row: whatever the policy and the use case read, plus its version. */
export interface Versioned {
  version: number;
}

/** How a command finds, locks and versions the record it changes. */
export interface CommandTarget<S extends Versioned, I = unknown> {
  /** What the record is called in the 404 message ("Group not found"). */
  noun?: string;
  /**
   * The 409's message when the sender's version is stale (default: a generic one naming the version);
   * a function of the current version when the message names it.
   */
  staleMessage?: string | ((current: number) => string);
  /**
   * Locks the row (FOR UPDATE) within the actor's facility; undefined when there is none there (404).
   * `ctx` gives the request's business time, for states whose facts depend on it (a permit's validity).
   * `input` names the row when the ID alone does not: a facility's row per key (a tag layout, an
   * event's template) has no ID of its own, and one not yet saved has no row at all (version 0).
   * The runner always passes it; a reader that has only the ID (the offline copy's versions) cannot
   * name such a row and finds none.
   */
  lock(trx: Transaction<Database>, actor: Actor, id: number, ctx: RequestContext, input?: I): Promise<S | undefined>;
  /** Records that the row changed; returns its new version (the locked state's + 1 when the command deleted the row). */
  bump(trx: Transaction<Database>, id: number, state: S): Promise<number>;
}

/** One row of a module's policy table: the permission it needs and the record states it is allowed in. */
export interface PolicyRule<S, I = unknown> {
  /**
   * Permissions the actor must hold (in the facility or through connection grants); [] for any signed-in user.
   * A function reads them off the input or the locked record (a permit's type code: `permit:create:<CODE>`).
   */
  permissions: readonly Permission[] | ((input: I, state: S) => readonly Permission[]);
  /** Refuses by state: returns the reason (an AppError) or null when allowed. */
  refuse?: (state: S, actor: Actor, input: I) => Error | null;
}

/** What a use case is given: the transaction, who acts, the locked record, and where to report. */
export interface CommandRun<I, S> {
  trx: Transaction<Database>;
  ctx: RequestContext;
  input: I;
  state: S;
  /** How the command was sent: its idempotency key and its target as the sender named it. */
  sent: SentCommand;
  /** Appends an audit row (the runner adds who, where and when) after the change. */
  audit(entry: Omit<AuditEntry, 'userId' | 'facilityId'> & { facilityId?: number | null }): void;
  /** Says the command found nothing to change (e.g. adding a member who already is one): no audit row, same version. */
  unchanged(): void;
  /** Records a domain event (delivered after commit). */
  event(event: Omit<DomainEventInput, 'facilityId' | 'requestId'> & { facilityId?: number | null }): void;
}

/** A command the runner can execute: target, policy rule, and the use case. */
export interface CommandDefinition<I, S extends Versioned, R> {
  name: string;
  target: CommandTarget<S, I>;
  policy: PolicyRule<S, I>;
  apply(run: CommandRun<I, S>): Promise<R>;
  /**
   * What of the input makes two sends with one idempotency key "the same" (default: all of it).
   * Leave secrets out: the fingerprint's hash is stored with the key.
   */
  fingerprint?: (input: I) => unknown;
  /**
   * The secrets of the input (a signing password) that still tell two sends apart: the same key
   * with another password is another request (422), not a replay of the first. The runner mixes in
   * only their HMAC under the server's key (`useIdempotencySecretKey`), never the secret or a plain
   * hash of it, so the idempotency table gives no way to guess them.
   */
  secretFingerprint?: (input: I) => unknown;
}

const registry = new Map<string, CommandDefinition<never, Versioned, unknown>>();

/**
 * Declares a command and registers it by name (the offline outbox will name commands, not routes).
 * @example export const arrangePermitTypes = defineCommand({ name: 'permit-types.arrange', target, policy: permitTypesPolicy['permit-types.arrange'], apply });
 */
export function defineCommand<I, S extends Versioned, R>(definition: CommandDefinition<I, S, R>) {
  if (registry.has(definition.name) && registry.get(definition.name) !== (definition as never)) {
    throw new Error(`command ${definition.name} is defined twice`);
  }
  registry.set(definition.name, definition as never);
  return definition;
}

/** The command of that name, for callers that hold only the data (the outbox). */
export function findCommand(name: string): CommandDefinition<unknown, Versioned, unknown> | undefined {
  return registry.get(name) as CommandDefinition<unknown, Versioned, unknown> | undefined;
}
