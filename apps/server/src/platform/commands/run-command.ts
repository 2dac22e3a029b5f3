import type { Transaction } from 'kysely';
import type { Database } from '../../db/schema';
import type { AuditEntry } from '../audit/audit-entry';
import { AppError } from '../../plugins/app-error';
import type { EventBus } from '../events/event-bus';
import type { DomainEventInput } from '../events/record-event';
import type { RequestContext } from '../request-context';
import type { Command, CommandDefinition, Versioned } from './command';
import { recordCommandRows } from './command-records.repository';
import { claimKey, commandHash } from './idempotency.repository';
import { checkPolicy } from './policy';

/** What a command answered: the use case's result and the target's new version. */
export interface CommandOutcome<R> {
  result: R;
  version: number;
  /** True when an earlier send with the same idempotency key answered (nothing was applied now). */
  replayed: boolean;
}

/** What a caller may add to the command's own transaction. */
export interface RunOptions<R> {
  /**
   * Runs inside the command's transaction once it has been applied (not on a replay): the offline
   * sync records the device command's outcome here, so the change and its record commit together.
   */
  inTransaction?: (trx: Transaction<Database>, outcome: { result: R; version: number }) => Promise<void>;
}

const stale = (current: number, message?: string | ((current: number) => string)) =>
  new AppError(
    'CONFLICT',
    409,
    (typeof message === 'function' ? message(current) : message) ??
      `Someone changed this record first (it is now at version ${current}). Reload it and try again.`,
    [{ field: 'version', message: String(current) }],
  );

/**
 * Runs a command in one transaction: idempotency key → lock the target (facility-scoped: another
 * facility's record is 404) → expected version (stale: 409 naming the current one) → policy →
 * use case → new version → audit rows, domain events and stored response (one statement). Events go to their
 * consumers after commit. Anything thrown rolls all of it back: no change, no audit row, no event,
 * and the key stays free.
 * @example const { result } = await runCommand(events, ctx, arrangePermitTypes, { name, targetId, input });
 */
export async function runCommand<I, S extends Versioned, R>(
  events: EventBus,
  ctx: RequestContext,
  definition: CommandDefinition<I, S, R>,
  command: Command<I>,
  options: RunOptions<R> = {},
): Promise<CommandOutcome<R>> {
  if (command.name !== definition.name) throw new Error(`command ${command.name} sent to ${definition.name}`);
  const { actor } = ctx;
  const key = command.idempotencyKey ?? null;
  const hash = commandHash(
    { ...command, input: definition.fingerprint ? definition.fingerprint(command.input) : command.input },
    definition.secretFingerprint?.(command.input),
  );
  const { outcome, eventIds, eventNames } = await ctx.connection.db.transaction().execute(async (trx) => {
    if (key !== null) {
      const claim = await claimKey(trx, actor.userId, key);
      if (!claim.held) {
        throw new AppError(
          'CONFLICT',
          409,
          'This request is still being processed. Try again in a moment.',
          undefined,
          {
            'retry-after': '1',
          },
        );
      }
      const { stored } = claim;
      if (stored) {
        if (stored.request_hash !== hash) {
          throw new AppError(
            'IDEMPOTENCY_KEY_REUSED',
            422,
            'This Idempotency-Key was already used for a different request.',
          );
        }
        const replay = { result: stored.response as R, version: stored.version, replayed: true };
        return { outcome: replay, eventIds: [] as number[], eventNames: [] as string[] };
      }
    }
    const state = await definition.target.lock(trx, actor, command.targetId, ctx, command.input);
    if (!state) throw AppError.notFound(definition.target.noun);
    if (command.expectedVersion != null && command.expectedVersion !== state.version)
      throw stale(state.version, definition.target.staleMessage);
    await checkPolicy(trx, actor, definition.policy, state, command.input);

    const audits: AuditEntry[] = [];
    const recorded: DomainEventInput[] = [];
    let unchanged = false;
    const result = await definition.apply({
      trx,
      ctx,
      input: command.input,
      state,
      sent: { idempotencyKey: key, targetId: command.sentTargetId ?? command.targetId },
      audit: (entry) =>
        audits.push({ facilityId: actor.facilityId, ...entry, userId: actor.system ? null : actor.userId }),
      event: (event) => recorded.push({ facilityId: actor.facilityId, ...event, requestId: ctx.requestId }),
      unchanged: () => {
        unchanged = true;
      },
    });
    // A change to a record is never without its audit row: a command that records none is a bug.
    if (!unchanged && !audits.length) throw new Error(`command ${command.name} recorded no audit row`);
    // …nor without its domain event: consumers (notifications, webhooks, the offline copies) hear every change.
    if (!unchanged && !recorded.length) throw new Error(`command ${command.name} recorded no domain event`);
    if (unchanged && (audits.length || recorded.length))
      throw new Error(`command ${command.name}: unchanged, yet audited`);
    const version = unchanged ? state.version : await definition.target.bump(trx, command.targetId, state);
    // Stored as JSON, so a replay answers exactly what the first send was sent.
    const response = result === undefined ? null : (JSON.parse(JSON.stringify(result)) as R);
    // Audit rows, events and the key's stored response: one statement, after the bump (it needs the version).
    const ids = await recordCommandRows(
      trx,
      audits.map((entry) => ({
        ...entry,
        address: ctx.address || null,
        deviceId: actor.deviceId,
        requestId: ctx.requestId,
        deviceTime: command.deviceTime ?? null,
        syncTime: command.syncTime ?? null,
        at: ctx.now,
      })),
      recorded,
      key === null ? null : { userId: actor.userId, key, command: command.name, hash, response, version },
    );
    await options.inTransaction?.(trx, { result: response as R, version });
    return {
      outcome: { result: response as R, version, replayed: false },
      eventIds: ids,
      eventNames: recorded.map((e) => e.name),
    };
  });
  // Ids ascend in the order recorded: names[i] is event i's.
  events.deliverSoon(ctx.connection, eventIds, eventNames);
  return outcome;
}
