import * as z from 'zod/mini';
import { idParamSchema, idSchema } from './ids';
import { permitStatuses } from './permit-lifecycle';
import { planPointStates } from './isolation-plan';
import { externalReferenceSchema, permitCreateFields, permitWindowCheck } from './permits';
import { permissionSchema } from './permissions';

/**
 * Hasp Connect (module `connect`, decision 0077): API keys for maintenance systems (SAP PM,
 * IBM Maximo, any CMMS), the integrators' permit routes, and webhooks. Tables `api_keys`,
 * `webhook_subscriptions`, `webhook_deliveries`, `webhook_attempts` (migration 2026-12-02T1100-connect).
 */

/** A key as sent: `hasp_<connection, hex>_<lookup id, 16 hex>_<secret, 43 base64url>`. */
export const API_KEY_PATTERN = /^hasp_([0-9a-f]{2,200})_([0-9a-f]{16})_([A-Za-z0-9_-]{43})$/;
/** How long a rotated key's old secret still works when the rotation names no grace period. */
export const API_KEY_DEFAULT_GRACE_HOURS = 24;
/** Calls a key may make per minute on the integrators' routes (429 with Retry-After past it). */
export const API_KEY_RATE_LIMIT_PER_MINUTE = 120;

const name = z
  .string()
  .check(z.trim(), z.minLength(1, 'Name is required'), z.maxLength(100, 'Name: at most 100 characters'));
const dateTime = z.iso.datetime({ offset: true, error: 'A date and time, e.g. 2026-12-01T08:00:00Z' });

/** POST /api/connect/keys: a key's name, what it may do (never more than its creator holds) and when it expires. */
export const apiKeyCreateSchema = z.object({
  name,
  permissions: z
    .array(permissionSchema)
    .check(z.minLength(1, 'Choose at least one permission'), z.maxLength(200, 'Permissions: at most 200')),
  expiresAt: dateTime,
});
export type ApiKeyCreate = z.infer<typeof apiKeyCreateSchema>;

/** POST /api/connect/keys/:id/rotate: how long the old secret keeps working (0: not at all). */
export const apiKeyRotateSchema = z.object({
  graceHours: z.int().check(z.gte(0, 'Grace: 0 hours or more'), z.lte(720, 'Grace: at most 720 hours')),
});
export type ApiKeyRotate = z.infer<typeof apiKeyRotateSchema>;

export const apiKeySchema = z.object({
  id: z.int(),
  name: z.string(),
  /** The key's public part (its lookup id): shown in lists and logs; the secret never is. */
  prefix: z.string(),
  permissions: z.array(z.string()),
  expiresAt: z.string(),
  createdAt: z.string(),
  createdBy: z.object({ id: z.int(), displayName: z.string() }),
  revokedAt: z.nullable(z.string()),
  /** Until when the secret before the last rotation still works. */
  previousValidUntil: z.nullable(z.string()),
  lastUsedAt: z.nullable(z.string()),
  lastUsedAddress: z.nullable(z.string()),
  status: z.enum(['active', 'expired', 'revoked']),
  version: z.int(),
});
export type ApiKey = z.infer<typeof apiKeySchema>;
export const apiKeyListSchema = z.array(apiKeySchema);

/** The answer to creating or rotating a key: the key itself, shown this once (only its hash is kept). */
export const apiKeySecretSchema = z.object({ key: apiKeySchema, secret: z.string() });
export type ApiKeySecret = z.infer<typeof apiKeySecretSchema>;

// The integrators' permit routes (key or sign-in)

/** POST /api/connect/permits: a draft permit from a work order; one permit per external reference. */
export const workOrderPermitCreateSchema = z
  .object({ ...permitCreateFields, externalReference: externalReferenceSchema })
  .check(permitWindowCheck);
export type WorkOrderPermitCreate = z.infer<typeof workOrderPermitCreateSchema>;

/** How far the permit's isolation has gone: its plan points by state (the work may start when all hold). */
export const isolationStateSchema = z.object({
  points: z.int(),
  byState: z.record(z.enum(planPointStates), z.int()),
  /** Every point of the plan isolated and verified (or the plan has none). */
  allVerified: z.boolean(),
  /** Tags still hanging (applied or verified). */
  tagsApplied: z.int(),
});

export const connectPermitSchema = z.object({
  id: z.int(),
  number: z.string(),
  externalReference: z.nullable(z.string()),
  permitType: z.object({ id: z.int(), code: z.string() }),
  status: z.enum(permitStatuses),
  title: z.string(),
  plannedStart: z.string(),
  plannedEnd: z.string(),
  /** The work may start: the permit is Active (issued and accepted by its holder). */
  isLive: z.boolean(),
  isolation: isolationStateSchema,
  version: z.int(),
  updatedAt: z.string(),
});
export type ConnectPermit = z.infer<typeof connectPermitSchema>;

/** GET /api/connect/permits: by status (comma-separated) and/or external reference, newest first. */
export const connectPermitQuerySchema = z.object({
  status: z.optional(
    z.pipe(
      z
        .string()
        .check(
          z.regex(
            new RegExp(`^(${permitStatuses.join('|')})(,(${permitStatuses.join('|')}))*$`),
            'status: permit statuses separated by commas',
          ),
        ),
      z.transform((s: string) => [...new Set(s.split(','))] as (typeof permitStatuses)[number][]),
    ),
  ),
  externalReference: z.optional(externalReferenceSchema),
  limit: z.optional(z.coerce.number<string>().check(z.int(), z.gte(1), z.lte(200))),
  /** Permits with an id below this one (the previous page's last id). */
  before: z.optional(idParamSchema),
});
export const connectPermitListSchema = z.object({ permits: z.array(connectPermitSchema) });

// Webhooks

/** The events a subscription may ask for, and what each means. */
export const webhookEvents = [
  'permit.requested',
  'permit.issued',
  'permit.active',
  'permit.suspended',
  'permit.closed',
  'isolation.verified',
  'tag.removed',
] as const;
export type WebhookEvent = (typeof webhookEvents)[number];
/** The event "send test event" sends (to any subscription, whatever it asked for). */
export const WEBHOOK_TEST_EVENT = 'connect.test';

/** Consecutive failed attempts after which a subscription is switched off (and administrators told). */
export const WEBHOOK_FAILURE_LIMIT = 10;
/** Attempts of one delivery (the first and its retries, 1 min, 2, 4, 8 … apart). */
export const WEBHOOK_MAX_ATTEMPTS = 6;
/** A receiver must answer within this. */
export const WEBHOOK_TIMEOUT_MS = 10_000;
/** Receivers should refuse signatures older than this (replays): the guide says so. */
export const WEBHOOK_TOLERANCE_SECONDS = 300;

export const webhookSubscriptionInputSchema = z.object({
  name,
  url: z.url({ protocol: /^https?$/, error: 'URL: an http or https address' }).check(z.maxLength(2000)),
  events: z
    .array(z.enum(webhookEvents))
    .check(z.minLength(1, 'Choose at least one event'), z.maxLength(webhookEvents.length)),
  isActive: z.boolean(),
});
export type WebhookSubscriptionInput = z.infer<typeof webhookSubscriptionInputSchema>;
/** PUT /api/connect/subscriptions/:id: the whole subscription and the version edited. */
export const webhookSubscriptionUpdateSchema = z.extend(webhookSubscriptionInputSchema, { version: idSchema });

export const webhookSubscriptionSchema = z.object({
  id: z.int(),
  name: z.string(),
  url: z.string(),
  events: z.array(z.enum(webhookEvents)),
  isActive: z.boolean(),
  /** Why it was switched off by itself (repeated failures), or null. */
  disabledReason: z.nullable(z.string()),
  consecutiveFailures: z.int(),
  createdAt: z.string(),
  version: z.int(),
});
export type WebhookSubscription = z.infer<typeof webhookSubscriptionSchema>;
export const webhookSubscriptionListSchema = z.object({
  subscriptions: z.array(webhookSubscriptionSchema),
  /**
   * The server setting HASP_CONNECT_ALLOW_PRIVATE_TARGETS: the loopback and private addresses and
   * CIDR ranges webhooks may reach besides public ones (empty: none).
   */
  allowedPrivateTargets: z.array(z.string()),
});
/** Creating a subscription answers its signing secret, this once. */
export const webhookSubscriptionSecretSchema = z.object({
  subscription: webhookSubscriptionSchema,
  secret: z.string(),
});

export const webhookDeliveryStates = ['pending', 'delivered', 'failed'] as const;
export const webhookAttemptSchema = z.object({
  at: z.string(),
  statusCode: z.nullable(z.int()),
  error: z.nullable(z.string()),
  /** The first bytes of the receiver's answer. */
  response: z.string(),
  durationMs: z.int(),
});
export const webhookDeliverySchema = z.object({
  id: z.int(),
  subscriptionId: z.int(),
  subscriptionName: z.string(),
  event: z.string(),
  state: z.enum(webhookDeliveryStates),
  attempts: z.int(),
  lastStatusCode: z.nullable(z.int()),
  createdAt: z.string(),
  deliveredAt: z.nullable(z.string()),
  body: z.string(),
  attemptLog: z.array(webhookAttemptSchema),
});
export type WebhookDelivery = z.infer<typeof webhookDeliverySchema>;
export const webhookDeliveryListSchema = z.object({ deliveries: z.array(webhookDeliverySchema) });
export const webhookDeliveryQuerySchema = z.object({ subscriptionId: z.optional(idParamSchema) });
