import * as z from 'zod/mini';
import { apiErrorSchema } from './errors';
export { localIdSchema } from './local-id';
import type { CommandRoute } from './command-routes';
import { localIdSchema } from './local-id';
import { gasTestCommandRoutes, type GasTestCommand } from './gas-tests';
import { hazardAnalysisCommandRoutes, type HazardAnalysisVerb } from './hazard-analysis';
import { isolationPlanCommandRoutes, type IsolationPlanVerb } from './isolation-plan';
import { lockboxCommandRoutes, type LockboxCommand } from './lockboxes';
import { lockCommandRoutes } from './locks';
import { permitCommandRoutes, permitCreateRoute, type OfflinePermitVerb } from './permit-command-routes';
import { permitQuestionCommandRoutes, type PermitQuestionVerb } from './permit-questions';
import { tagCommandRoutes, type TagOfflineCommand } from './tags';

/**
 * Offline sync: a device queues commands in its outbox while offline and pushes them,
 * in order, to `POST /api/sync/push`. The server applies each one once, through the same command
 * runner as the REST API (the command's registered name, its target and its input), and answers
 * each with one outcome. Nothing is ever silently dropped: every queued command ends as exactly one
 * of applied, conflict (recorded with both versions) or rejected (with the server's reason).
 *
 * Ordering (Replicache's push algorithm): each device numbers its commands 1, 2, 3… per owner
 * (user × connection × facility: `deviceSeq`). The server applies seq n only after n − 1 (a command
 * "from the future" is answered `deferred` and applied when the device sends it again after its
 * predecessor); a seq at or below the last one applied answers what it answered the first time.
 *
 * Versions: `baseVersion` is the version of the command's record (its aggregate: the permit, its
 * isolation plan, its tags…) that the device's copy was based on when it queued the command.
 * Commands the same device queued one after another on one record form a chain: the server accepts
 * the next link while nobody else has changed the record since the device's previous link. Any other
 * version → the command is a conflict: recorded, shown to the user and to supervisors, never applied
 * and never lost.
 */

/**
 * Every command route of the domains a device works on offline. A domain's routes say which of
 * them are queueable (`offline`); a new verb in a domain's list is offline everywhere (the sync's
 * mapping, the device's outbox) without a change here. Only a new domain is added to this list.
 */
export const permitDomainCommandRoutes = [
  permitCreateRoute,
  ...permitCommandRoutes,
  ...isolationPlanCommandRoutes,
  ...lockCommandRoutes,
  ...tagCommandRoutes,
  ...lockboxCommandRoutes,
  ...permitQuestionCommandRoutes,
  ...gasTestCommandRoutes,
  ...hazardAnalysisCommandRoutes,
];

/** What may be queued offline: changes that need no signature (approving re-checks the password online). */
export type OfflineCommandName =
  | 'permit.create'
  | `permit.${OfflinePermitVerb}`
  | `isolation-plan.${IsolationPlanVerb}`
  | `lock.${'apply' | 'remove'}`
  | `tag.${TagOfflineCommand}`
  | `lockbox.${LockboxCommand}`
  | `permit-questions.${PermitQuestionVerb}`
  | `gas-test.${GasTestCommand}`
  | `hazard-analysis.${HazardAnalysisVerb}`;

/** The routes a device may queue, by the name the outbox gives them. */
export const offlineCommandRoutes = permitDomainCommandRoutes.filter(
  (route) => route.offline,
) as CommandRoute<OfflineCommandName>[];

export const offlineCommandNames = offlineCommandRoutes.map((route) => route.name) as [
  OfflineCommandName,
  ...OfflineCommandName[],
];

const offlineRouteByName = new Map(offlineCommandRoutes.map((route) => [route.name as string, route]));

/** The route of an offline command by its name (`permit.edit`, `tag.apply`…). */
export function offlineCommandRouteOf(name: string): CommandRoute<OfflineCommandName> | undefined {
  return offlineRouteByName.get(name);
}

/** At most this many commands in one push (the client sends the rest in the next one). */
export const SYNC_PUSH_MAX = 100;

/**
 * Records a command makes that a later command of the same outbox may name before the server has
 * numbered them (decision 0064), by command name: a lock applied offline is removed offline. The
 * device gives the new record a local id in the input's `localId` (the REST route has no such
 * field: the push takes it out before validating the body with the route's schema); the server maps
 * it to the record it made, once, in the command's transaction.
 */
export const syncLocalRecords = {
  'lock.apply': 'lock-application',
  // A crew member's sign-on is their lock applied to the lockbox (decision 0067).
  'lockbox.sign-on': 'lock-application',
  // A gas test recorded offline may be voided offline (entered in error) before it syncs.
  'gas-test.record': 'gas-test',
  // An answer given (or changed) offline may be changed again before it syncs: each is a new answer.
  'permit-questions.answer': 'question-answer',
  'permit-questions.change-answer': 'question-answer',
  // A hazard analysis line added offline may be edited, removed or moved before it syncs.
  'hazard-analysis.add-line': 'hazard-line',
} as const satisfies Partial<Record<OfflineCommandName, string>>;
export type SyncLocalRecordKind = (typeof syncLocalRecords)[keyof typeof syncLocalRecords];

/**
 * The input fields that may name such a record by its local id, by command name: the push puts the
 * server's id in their place before validating (a local id never mapped → rejected, with why).
 */
export const syncLocalRefs = {
  'lock.remove': { applicationId: 'lock-application' },
  'lockbox.sign-off': { applicationId: 'lock-application' },
  'gas-test.void': { testId: 'gas-test' },
  'permit-questions.change-answer': { answerId: 'question-answer' },
  'hazard-analysis.edit-line': { lineId: 'hazard-line' },
  'hazard-analysis.remove-line': { lineId: 'hazard-line' },
  // A list of ids: each local one in it is mapped.
  'hazard-analysis.reorder': { lineIds: 'hazard-line' },
} as const satisfies Partial<Record<OfflineCommandName, Record<string, SyncLocalRecordKind>>>;

/**
 * Commands the server decides by its rules alone at sync, not by the record's version (decision
 * 0067): each adds one person's own entry to a record many people add to at once — a gas test's
 * readings (append-only, ordered by when they were taken) or the void of one test (its own rules:
 * not voided yet, the recorder or an issuer), a crew member's own sign-on or sign-off on the lockbox. Two devices' entries made offline on one permit both apply (the rules still
 * refuse what they refuse then: keys not deposited, the last member signing off during the work,
 * readings out of limits are recorded as such); a version check would make the second crew
 * member's sign-on a conflict while their lock is on the box.
 */
export const syncRuleCheckedCommands = [
  'gas-test.record',
  'gas-test.void',
  'lockbox.sign-on',
  'lockbox.sign-off',
] as const satisfies readonly OfflineCommandName[];

const key = z.string().check(z.regex(/^[\x21-\x7e]{1,200}$/, 'Idempotency key: 1 to 200 visible characters'));

/** Whose item it is: a device never pushes one owner's items while another is signed in. */
export const syncOwnerSchema = z.object({
  connectionStringName: z.string().check(z.minLength(1), z.maxLength(200)),
  facilityId: z.number().check(z.int(), z.positive()),
  userId: z.number().check(z.int(), z.positive()),
});
export type SyncOwner = z.infer<typeof syncOwnerSchema>;

/** One queued command, as the outbox stores and sends it. */
export const syncCommandSchema = z.object({
  idempotencyKey: key,
  /** The device's id (a random UUID kept in its browser database). */
  deviceId: z.string().check(z.regex(/^[0-9a-f-]{36}$/, 'Device id: a UUID')),
  /** 1, 2, 3… per device and owner, in the order the commands were queued. */
  deviceSeq: z.number().check(z.int(), z.positive()),
  /** When the device says it happened (kept beside the server's time; never used for ordering). */
  deviceTime: z.iso.datetime({ offset: true }),
  name: z.enum(offlineCommandNames),
  /**
   * The record's id: a server id, or the local id of a permit created earlier in this outbox. It is
   * the REST route's URL id — the permit for every permit-scoped route (a tag command's tag is the
   * `tagId` of its input); for `permit.create`, the new permit's local id (the type is in the input).
   */
  targetId: z.union([z.number().check(z.int(), z.positive()), localIdSchema]),
  /** The command's body, exactly as its REST route takes it (validated by that route's schema). */
  input: z.unknown(),
  /** The version of the target's record the device based the command on; null for a creation. */
  baseVersion: z.nullable(z.number().check(z.int(), z.nonnegative())),
  owner: syncOwnerSchema,
  /**
   * For `permit.create`: the number the device showed (and may have written on tags) until the
   * server numbered the permit, `OFF-<type>-<yyyymmdd>-<4 hex>`. The server keeps it linked to the
   * permit it made; the permit index finds the permit by it.
   */
  provisionalNumber: z.optional(
    z
      .string()
      .check(
        z.regex(/^OFF-[A-Za-z0-9_-]{1,20}-\d{8}-[0-9A-F]{4}$/, 'A provisional number: OFF-<type>-<yyyymmdd>-<4 hex>'),
      ),
  ),
});
export type SyncCommand = z.infer<typeof syncCommandSchema>;

export const syncPushSchema = z.object({
  commands: z.array(syncCommandSchema).check(z.maxLength(SYNC_PUSH_MAX, `At most ${SYNC_PUSH_MAX} commands per push`)),
});
export type SyncPush = z.infer<typeof syncPushSchema>;

export const syncOutcomes = ['applied', 'conflict', 'rejected', 'deferred'] as const;
export type SyncOutcome = (typeof syncOutcomes)[number];

/**
 * What the server did with one pushed command (same order as the push). `deferred` (never recorded,
 * `serverSeq: null`): its predecessor has not arrived, or the server could not finish it now (a 5xx,
 * its key still in flight: `error` says why, and every later command of that push is deferred too) —
 * send it again. A `rejected` with `serverSeq: null` was not recorded: its owner is not the signed-in
 * session (keep it for its owner), or its seq was already used by another command.
 */
export const syncResultSchema = z.object({
  idempotencyKey: z.string(),
  deviceSeq: z.number(),
  outcome: z.enum(syncOutcomes),
  /** The server's sequence of this command (ordering and audit follow it), when it was recorded. */
  serverSeq: z.nullable(z.number()),
  /** Applied: the record's new version and what the REST route would have answered. */
  version: z.nullable(z.number()),
  result: z.optional(z.unknown()),
  /** Applied `permit.create` from a local id: the permit the server made, for the device's records. */
  created: z.optional(z.object({ localId: z.string(), permitId: z.number(), number: z.string() })),
  /** Conflict or rejection: why, in words a user understands, with the error's code. */
  error: z.optional(apiErrorSchema),
  /** Conflict: the recorded conflict's id (GET /api/sync/conflicts/:id shows both versions). */
  conflictId: z.optional(z.number()),
});
export type SyncResult = z.infer<typeof syncResultSchema>;

export const syncPushResponseSchema = z.object({
  results: z.array(syncResultSchema),
  /** Server time of the push (the device shows "synced at" in server time, never its own clock). */
  syncedAt: z.string(),
});
export type SyncPushResponse = z.infer<typeof syncPushResponseSchema>;

/** A conflict or a rejection as users and supervisors see it (GET /api/sync/conflicts). */
export const syncIssueSchema = z.object({
  ID: z.number(),
  outcome: z.enum(['conflict', 'rejected']),
  name: z.string(),
  idempotencyKey: z.string(),
  deviceId: z.string(),
  deviceTime: z.string(),
  syncedAt: z.string(),
  user: z.object({ ID: z.number(), name: z.string() }),
  permit: z.nullable(z.object({ ID: z.number(), number: z.string() })),
  error: apiErrorSchema,
  /** The device's side: the command's input and the version it was based on. */
  device: z.object({ input: z.unknown(), baseVersion: z.nullable(z.number()) }),
  /**
   * The server's side at the time (conflicts): the record's version and its state, and who last
   * changed the permit before the device's change arrived (its audit trail; null when none is found).
   */
  server: z.nullable(
    z.object({
      version: z.number(),
      state: z.unknown(),
      changedBy: z.nullable(z.object({ name: z.string(), at: z.string() })),
    }),
  ),
  /** When someone marked it dealt with, who, and what they wrote. */
  resolvedAt: z.nullable(z.string()),
  resolvedBy: z.nullable(z.object({ ID: z.number(), name: z.string() })),
  resolution: z.nullable(z.string()),
});
export type SyncIssue = z.infer<typeof syncIssueSchema>;

/** Who sees every conflict and rejection of the facility (not only their own) and may resolve them. */
export const offlineSupervisePermission = 'offline:supervise' as const;

/** GET /api/sync/conflicts: filters (default: every outcome, open ones only). */
export const syncIssueQuerySchema = z.object({
  outcome: z.optional(z.enum(['conflict', 'rejected'])),
  state: z.optional(z.enum(['open', 'resolved', 'all'])),
});
export type SyncIssueQuery = z.infer<typeof syncIssueQuerySchema>;

/** Newest first; supervisors (`offline:supervise`) see the facility's, everyone else their own. */
export const syncIssueListSchema = z.object({ issues: z.array(syncIssueSchema) });
export type SyncIssueList = z.infer<typeof syncIssueListSchema>;

/** POST /api/sync/conflicts/:id/resolve: what was done about it (kept with who and when). */
export const syncResolveSchema = z.object({
  resolution: z
    .string()
    .check(
      z.trim(),
      z.minLength(1, 'Resolution is required'),
      z.maxLength(2000, 'Resolution: at most 2000 characters'),
    ),
});
export type SyncResolve = z.infer<typeof syncResolveSchema>;
