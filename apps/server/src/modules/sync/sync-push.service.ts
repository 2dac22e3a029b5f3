import {
  syncRuleCheckedCommands,
  type ApiError,
  type SyncCommand,
  type SyncPushResponse,
  type SyncResult,
} from '@hasp/contracts';
import { withLocalRecords, type LocalRecordMemo } from './sync-local-records';
import {
  actorForOneRequest,
  findCommand,
  recordApart,
  runCommand,
  type Actor,
  type EventBus,
  type RequestContext,
} from '../../platform';
import { AppError } from '../../plugins/app-error';
import { asJson, syncCommandHash, withoutSecrets } from './sync-hash';
import type { NoticeChannels } from '../notification-templates';
import { recordIssue } from './sync-issue-records';
import { syncFailpoint, SyncFailpointError } from './sync-failpoints';
import { aggregateOf, syncRouteOf } from './sync-routes-map';
import {
  findLocalId,
  findRecorded,
  insertLocalId,
  insertRecord,
  lastLinkVersion,
  lastRecordedSeq,
  type DeviceStream,
  type NewSyncRow,
  type SyncRow,
} from './sync.repository';

const ruleChecked: ReadonlySet<string> = new Set(syncRuleCheckedCommands);

/** The push could not finish this command (5xx, its key still in flight): the device sends it again. */
class RetryLater extends Error {
  constructor(
    readonly error: ApiError,
    cause?: unknown,
  ) {
    super(error.message, { cause });
  }
}

const apiError = (e: AppError): ApiError => ({
  code: e.code,
  message: e.message,
  ...(e.details ? { details: e.details } : {}),
});

/** The runner's 409 for a stale version names the current one (`details: [{ field: 'version' }]`). */
const staleVersion = (e: AppError): number | null =>
  e.statusCode === 409 && e.details?.[0]?.field === 'version' ? Number(e.details[0].message) : null;

/**
 * What one push has learnt, so a batch of a device's commands costs no look-up per command that
 * the push itself just wrote: each device's last recorded seq, the version each chain's last link
 * left, and the permits created from local ids. Concurrent pushes are caught by the unique seq.
 */
interface PushMemo {
  lastSeq: Map<string, number>;
  links: Map<string, number>;
  locals: Map<string, { permitId: number; number: string }>;
  /** Records other than permits made from local ids (a lock application), by local id. */
  records: LocalRecordMemo;
  /** The session's actor per device, whose permissions the push reads once (decision 0061). */
  actors: Map<string, Actor>;
  channels: NoticeChannels | undefined;
}

const isLocal = (target: SyncCommand['targetId']): target is string => typeof target === 'string';

/** The answer a recorded row gives, every time it is asked again. */
async function answerOf(ctx: RequestContext, row: SyncRow, memo?: PushMemo): Promise<SyncResult> {
  const result: SyncResult = {
    idempotencyKey: row.idempotency_key,
    deviceSeq: row.device_seq,
    outcome: row.outcome,
    serverSeq: Number(row.server_seq),
    version: row.version_after,
  };
  if (row.outcome === 'applied') {
    result.result = row.result;
    if (row.name === 'permit.create' && row.target.startsWith('local:')) {
      const mapped =
        memo?.locals.get(row.target) ??
        (await findLocalId(ctx.connection.db, row.facility_id, row.target).then(
          (m) => m && { permitId: m.permit_id, number: m.number },
        ));
      if (mapped) result.created = { localId: row.target, permitId: mapped.permitId, number: mapped.number };
    }
  } else {
    result.error = row.error as ApiError;
    if (row.outcome === 'conflict') result.conflictId = Number(row.server_seq);
  }
  return result;
}

const unrecorded = (c: SyncCommand, outcome: 'rejected' | 'deferred', error: ApiError): SyncResult => ({
  idempotencyKey: c.idempotencyKey,
  deviceSeq: c.deviceSeq,
  outcome,
  serverSeq: null,
  version: null,
  error,
});

/** The signed-in session's owner, as a device tags its items (never pushed for another user). */
const ownerMatches = (ctx: RequestContext, c: SyncCommand) =>
  c.owner.userId === ctx.actor.userId &&
  c.owner.facilityId === ctx.actor.facilityId &&
  c.owner.connectionStringName.toLowerCase() === ctx.connection.name.toLowerCase();

/**
 * Applies a device's queued commands in order (decision 0055): each through the command runner as
 * its REST route would, once per device seq, the outcome recorded with the change in one
 * transaction. A 5xx or a key still in flight stops the batch: that command and the rest are
 * answered `deferred` with the reason (not recorded; the device sends them again).
 */
export async function pushCommands(
  events: EventBus,
  ctx: RequestContext,
  commands: SyncCommand[],
  /** Where an unexpected failure that stopped the batch is logged. */
  logError: (error: unknown) => void = () => {},
  /** How a conflict's notice is sent (the app's notice channels: e-mail with a relay). */
  channels?: NoticeChannels,
): Promise<SyncPushResponse> {
  const syncedAt = ctx.now;
  const results: SyncResult[] = [];
  const memo: PushMemo = {
    lastSeq: new Map(),
    links: new Map(),
    locals: new Map(),
    records: new Map(),
    actors: new Map(),
    channels,
  };
  let stopped: ApiError | null = null;
  for (const [index, c] of commands.entries()) {
    if (stopped) {
      results.push(unrecorded(c, 'deferred', stopped));
      continue;
    }
    if (index > 0) syncFailpoint('mid_batch');
    if (!ownerMatches(ctx, c)) {
      // Never applied as this user, never recorded: the item stays its owner's, to sync when they sign in.
      results.push(
        unrecorded(c, 'rejected', {
          code: 'FORBIDDEN',
          message:
            'This change was saved offline by another user, connection or facility; it syncs only when they sign in there.',
        }),
      );
      continue;
    }
    try {
      const result = await pushOne(events, ctx, c, syncedAt, memo);
      // The memo moves only from a last seq read from the table, one recorded seq at a time (an
      // earlier seq answered again says nothing about the last one).
      const known = memo.lastSeq.get(c.deviceId);
      if (result.serverSeq !== null && known !== undefined && c.deviceSeq === known + 1)
        memo.lastSeq.set(c.deviceId, c.deviceSeq);
      results.push(result);
    } catch (error) {
      if (error instanceof SyncFailpointError) throw error;
      if (!(error instanceof RetryLater)) throw error;
      if (error.cause) logError(error.cause);
      stopped = error.error;
      results.push(unrecorded(c, 'deferred', stopped));
    }
  }
  return { results, syncedAt: syncedAt.toISOString() };
}

async function pushOne(
  events: EventBus,
  ctx: RequestContext,
  c: SyncCommand,
  syncedAt: Date,
  memo: PushMemo,
): Promise<SyncResult> {
  const db = ctx.connection.db;
  const s: DeviceStream = { userId: ctx.actor.userId, facilityId: ctx.actor.facilityId, deviceId: c.deviceId };
  const hash = syncCommandHash(c);

  const answerRecorded = async (row: SyncRow): Promise<SyncResult> =>
    row.idempotency_key === c.idempotencyKey && row.request_hash === hash
      ? answerOf(ctx, row, memo)
      : unrecorded(c, 'rejected', {
          code: 'IDEMPOTENCY_KEY_REUSED',
          message: `This device already sent another change as number ${c.deviceSeq}.`,
        });

  // The next seq after one this push recorded needs no look-up (seqs are recorded without gaps).
  const known = memo.lastSeq.get(c.deviceId);
  if (known === undefined || c.deviceSeq !== known + 1) {
    const recorded = await findRecorded(db, s, c.deviceSeq);
    if (recorded) return answerRecorded(recorded);
  }
  const last = known !== undefined && c.deviceSeq === known + 1 ? known : await lastRecordedSeq(db, s);
  if (known === undefined) memo.lastSeq.set(c.deviceId, last);
  if (c.deviceSeq > last + 1) {
    return unrecorded(c, 'deferred', {
      code: 'CONFLICT',
      message: `Waiting for this device's earlier changes (number ${last + 1} first).`,
    });
  }

  const base: NewSyncRow = {
    facility_id: s.facilityId,
    user_id: s.userId,
    device_id: c.deviceId,
    device_seq: c.deviceSeq,
    idempotency_key: c.idempotencyKey,
    request_hash: hash,
    name: c.name,
    target: String(c.targetId),
    permit_id: null,
    aggregate: null,
    base_version: c.baseVersion,
    input: JSON.stringify(withoutSecrets(c.input) ?? null),
    device_time: new Date(c.deviceTime),
    synced_at: syncedAt,
    outcome: 'rejected',
  };
  const refuse = async (error: ApiError): Promise<SyncResult> => {
    const row = await recordApart(db, (trx, audit) =>
      recordIssue(trx, audit, ctx, { ...base, outcome: 'rejected' }, error),
    );
    return row ? answerOf(ctx, row, memo) : answerRecorded((await findRecorded(db, s, c.deviceSeq))!);
  };

  // The URL's id: a server id, or the permit this outbox created offline.
  let urlId: number | null = null;
  if (isLocal(c.targetId)) {
    if (c.name !== 'permit.create') {
      const mapped =
        memo.locals.get(c.targetId) ??
        (await findLocalId(db, s.facilityId, c.targetId).then((m) => m && { permitId: m.permit_id, number: m.number }));
      if (!mapped) {
        return refuse({
          code: 'NOT_FOUND',
          message: 'The permit this change belongs to was never created on the server (its creation was not applied).',
        });
      }
      urlId = mapped.permitId;
    }
  } else {
    urlId = c.targetId;
  }
  base.permit_id = c.name === 'permit.create' ? null : urlId;

  // Records made earlier in this outbox named by their local ids (decision 0064): the server's ids in their place.
  const local = await withLocalRecords(db, s.facilityId, c, memo.records);
  if (!local.ok) return refuse(local.error);

  const route = syncRouteOf(c.name);
  let body: unknown = {};
  if (route.body) {
    const parsed = route.body.safeParse(local.input);
    if (!parsed.success) {
      const details = parsed.error.issues.map((issue) => ({
        field: issue.path.map(String).join('.') || 'body',
        message: issue.message,
      }));
      return refuse(apiError(AppError.validation(details)));
    }
    body = parsed.data;
  }
  const { targetId, input } = route.command(urlId ?? 0, body);
  const definition = findCommand(c.name);
  if (!definition) throw new Error(`offline command ${c.name} is not registered`);
  const aggregate = c.name === 'permit.create' ? null : aggregateOf(c.name, targetId);
  base.aggregate = aggregate;

  // The chain rule: the version the device based it on, or the one its previous link here left.
  const linkKey = `${c.deviceId}|${aggregate}`;
  const link = aggregate ? (memo.links.get(linkKey) ?? (await lastLinkVersion(db, s, aggregate))) : null;
  // Commands decided by the rules alone (contracts `syncRuleCheckedCommands`, decision 0067): no version check.
  const candidates =
    c.baseVersion === null || ruleChecked.has(c.name)
      ? [null]
      : [...new Set(link !== null ? [link, c.baseVersion] : [c.baseVersion])];
  let actor = memo.actors.get(c.deviceId);
  if (!actor) memo.actors.set(c.deviceId, (actor = actorForOneRequest({ ...ctx.actor, deviceId: c.deviceId })));
  const actorCtx: RequestContext = { ...ctx, actor };

  let expected = candidates[0] ?? null;
  let recordedNow: SyncRow | undefined;
  const answerApplied = (row: SyncRow) => {
    if (aggregate && row.version_after !== null) memo.links.set(linkKey, row.version_after);
    const created = createdPermit(c, row.outcome === 'applied' ? row.result : null);
    if (created) memo.locals.set(created.localId, { permitId: created.permitId, number: created.number });
    return answerOf(ctx, row, memo);
  };
  for (;;) {
    recordedNow = undefined;
    try {
      const outcome = await runCommand(
        events,
        actorCtx,
        definition,
        {
          name: c.name,
          targetId,
          input,
          idempotencyKey: c.idempotencyKey,
          // A signature sealed on the device names the permit as the device did (a local id too).
          sentTargetId: c.targetId,
          expectedVersion: expected,
          deviceTime: new Date(c.deviceTime),
          syncTime: syncedAt,
        },
        {
          inTransaction: async (trx, applied) => {
            const created = createdPermit(c, applied.result);
            if (created) {
              await insertLocalId(trx, { facilityId: s.facilityId, userId: s.userId, ...created });
            }
            await local.record(trx, s.userId, applied.result);
            const row = await insertRecord(trx, appliedRow(base, applied, created?.permitId));
            recordedNow = row;
            // A concurrent push recorded this seq first: undo this one (its answer is that push's).
            if (!row)
              throw new AppError('CONFLICT', 409, 'Recorded meanwhile', [{ field: 'deviceSeq', message: 'recorded' }]);
            syncFailpoint('before_commit');
          },
        },
      );
      syncFailpoint('after_commit_before_response');
      if (outcome.replayed) {
        // The key was applied before without this seq's record (sent over REST first, or a lost race).
        const created = createdPermit(c, outcome.result);
        // The command's own transaction is long over: its sync record is written apart.
        const row = await recordApart(db, async (trx) => {
          const inserted = await insertRecord(trx, appliedRow(base, outcome, created?.permitId));
          if (inserted && created) {
            const known = await findLocalId(trx, s.facilityId, created.localId);
            if (!known) await insertLocalId(trx, { facilityId: s.facilityId, userId: s.userId, ...created });
          }
          if (inserted) await local.record(trx, s.userId, outcome.result);
          return inserted;
        });
        if (row) return answerApplied(row);
      } else if (recordedNow) {
        return answerApplied(recordedNow);
      }
      return answerRecorded((await findRecorded(db, s, c.deviceSeq))!);
    } catch (error) {
      if (error instanceof SyncFailpointError) throw error;
      if (!(error instanceof AppError)) {
        const message = 'The server could not apply this change now; it will be sent again.';
        throw new RetryLater({ code: 'INTERNAL', message }, error);
      }
      if (error.details?.[0]?.field === 'deviceSeq') return answerRecorded((await findRecorded(db, s, c.deviceSeq))!);
      if (error.statusCode === 409 && error.headers?.['retry-after']) throw new RetryLater(apiError(error));
      const current = staleVersion(error);
      if (current !== null) {
        const next = candidates.find((v) => v === current);
        if (next !== undefined && next !== expected) {
          expected = next;
          continue;
        }
        return recordConflict(ctx, definition, { targetId, input }, base, error, current, s, memo.channels);
      }
      if (error.code === 'IDEMPOTENCY_KEY_REUSED') {
        const meanwhile = await findRecorded(db, s, c.deviceSeq);
        if (meanwhile) return answerRecorded(meanwhile);
      }
      if (error.statusCode >= 500) throw new RetryLater(apiError(error));
      return refuse(apiError(error));
    }
  }
}

function createdPermit(c: SyncCommand, result: unknown) {
  if (c.name !== 'permit.create' || !isLocal(c.targetId)) return null;
  const permit = result as { ID: number; number: string };
  // The number the device showed until now stays linked to the server's (tags written offline).
  return {
    localId: c.targetId,
    permitId: permit.ID,
    number: permit.number,
    provisionalNumber: c.provisionalNumber ?? null,
  };
}

function appliedRow(base: NewSyncRow, applied: { result: unknown; version: number }, createdId?: number): NewSyncRow {
  return {
    ...base,
    ...(createdId !== undefined ? { permit_id: createdId } : {}),
    outcome: 'applied',
    version_after: applied.version,
    result: JSON.stringify(applied.result ?? null),
  };
}

/** A stale version: the device's command is kept with the server's side (its version and state). */
async function recordConflict(
  ctx: RequestContext,
  definition: NonNullable<ReturnType<typeof findCommand>>,
  { targetId, input }: { targetId: number; input: unknown },
  base: NewSyncRow,
  error: AppError,
  current: number,
  s: DeviceStream,
  channels: NoticeChannels | undefined,
): Promise<SyncResult> {
  const db = ctx.connection.db;
  const row = await recordApart(db, async (trx, audit) => {
    const state = await definition.target.lock(trx, ctx.actor, targetId, ctx, input);
    const apiErr: ApiError = {
      code: 'CONFLICT',
      // In words, no version numbers: the panel shows the fields that differ and who changed them.
      message: 'Someone changed this on the server after this device took its copy, so your change was not applied.',
      details: error.details ?? [],
    };
    const serverSide = {
      server_version: state?.version ?? current,
      server_state: JSON.stringify(asJson(state ?? null)),
    };
    return recordIssue(trx, audit, ctx, { ...base, ...serverSide, outcome: 'conflict' }, apiErr, channels);
  });
  if (row) return answerOf(ctx, row);
  return answerOf(ctx, (await findRecorded(db, s, base.device_seq))!);
}
