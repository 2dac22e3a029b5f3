import http from 'node:http';
import https from 'node:https';
import { WEBHOOK_FAILURE_LIMIT, WEBHOOK_MAX_ATTEMPTS, WEBHOOK_TIMEOUT_MS } from '@hasp/contracts';
import { jobIdFromText, type JobRegistration, type Jobs } from '../../platform/jobs';
import type { EventBus } from '../../platform';
import { pinnedLookup, TARGET_REFUSED, type WebhookTargets } from './webhook-target';
import { signWebhook } from './webhook-signature';
import { switchOffAsSystem } from './webhook-switch-off';

export const WEBHOOK_DELIVER_JOB = 'connect-webhook-deliver';

/** How deliveries are tried; tests shorten the waits. */
export interface WebhookTuning {
  /** The first retry waits this long; each next one twice as long (60 s, 2 min, 4 min …). */
  retryBaseSeconds: number;
  timeoutMs: number;
  maxAttempts: number;
  /** Consecutive failed attempts (over all deliveries) that switch a subscription off. */
  failureLimit: number;
}
export const defaultWebhookTuning: WebhookTuning = {
  retryBaseSeconds: 60,
  timeoutMs: WEBHOOK_TIMEOUT_MS,
  maxAttempts: WEBHOOK_MAX_ATTEMPTS,
  failureLimit: WEBHOOK_FAILURE_LIMIT,
};

/**
 * Queues attempt `attempt` of a delivery. One job per delivery and attempt (its ID), whoever sends
 * it; `manual` names a redelivery, which is a new attempt of its own.
 */
export const sendDeliveryJob = (jobs: Jobs, deliveryId: number, attempt: number, delaySeconds = 0, manual = '') =>
  jobs.send(
    WEBHOOK_DELIVER_JOB,
    { deliveryId, attempt, manual: manual !== '' },
    {
      id: jobIdFromText(`${WEBHOOK_DELIVER_JOB}:${jobs.connection.name}:${deliveryId}:${attempt}:${manual}`),
      startAfterSeconds: delaySeconds,
      // The job's own retries cover a crash or a delivery row not committed yet; the receiver's
      // failures are retried by new jobs (one per attempt, each recorded).
      retryLimit: 3,
      retryDelaySeconds: 5,
    },
  );

interface Outcome {
  statusCode: number | null;
  error: string | null;
  response: string;
  durationMs: number;
}

const RESPONSE_KEPT = 1000;

/**
 * POSTs the body, signed, to the URL; never throws (a failure is an outcome). The host is resolved
 * once and checked, and the connection goes to those very addresses; a refused target gets no
 * request and the one refusal message. Redirects are not followed (a 3xx is a failed attempt), so
 * a receiver cannot send the delivery on to another address.
 */
export async function postWebhook(
  url: string,
  body: string,
  headers: Record<string, string>,
  options: { targets: WebhookTargets; timeoutMs: number },
): Promise<Outcome> {
  const started = performance.now();
  const took = () => Math.round(performance.now() - started);
  const target = new URL(url);
  const addresses = await options.targets.addressesOf(target);
  if (!addresses) return { statusCode: null, error: TARGET_REFUSED, response: '', durationMs: took() };
  return new Promise((resolve) => {
    const client = target.protocol === 'https:' ? https : http;
    const request = client.request(
      target,
      {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body), ...headers },
        lookup: pinnedLookup(addresses),
        timeout: options.timeoutMs,
      },
      (response) => {
        let kept = '';
        response.setEncoding('utf8');
        response.on('data', (chunk: string) => {
          if (kept.length < RESPONSE_KEPT) kept += chunk.slice(0, RESPONSE_KEPT - kept.length);
        });
        response.on('end', () =>
          resolve({ statusCode: response.statusCode ?? null, error: null, response: kept, durationMs: took() }),
        );
        response.on('error', (error) =>
          resolve({
            statusCode: response.statusCode ?? null,
            error: error.message,
            response: kept,
            durationMs: took(),
          }),
        );
      },
    );
    request.on('timeout', () => request.destroy(new Error(`No answer within ${options.timeoutMs} ms`)));
    request.on('error', (error) =>
      resolve({ statusCode: null, error: error.message, response: '', durationMs: took() }),
    );
    request.end(body);
  });
}

/**
 * One attempt of a delivery: sign and POST it, record the attempt, then either mark it delivered,
 * queue the next attempt (exponential backoff) or give up; a subscription whose attempts failed
 * `failureLimit` times in a row is switched off and the facility's Hasp Connect administrators are
 * told in their inbox. The target is checked again here, on the address actually connected to.
 */
export async function attemptDelivery(
  events: EventBus,
  jobs: Jobs,
  data: { deliveryId: number; attempt: number; manual?: boolean },
  tuning: WebhookTuning,
  now: () => Date,
  targets: WebhookTargets,
): Promise<void> {
  const db = jobs.connection.db;
  const row = await db
    .selectFrom('webhook_deliveries as d')
    .innerJoin('webhook_subscriptions as s', 's.id', 'd.subscription_id')
    .select(['d.id', 'd.facility_id', 'd.event', 'd.body', 'd.state', 'd.attempts', 's.id as subscription_id'])
    .select(['s.url', 's.secret', 's.is_active', 's.name'])
    .where('d.id', '=', data.deliveryId)
    .executeTakeFirst();
  // Not committed yet (the consumer's transaction): the job's retry comes back for it.
  if (!row) throw new Error(`webhook delivery ${data.deliveryId} not found`);
  // Done already (a job sent twice), or its subscription switched off meanwhile.
  if (row.attempts >= data.attempt || !row.is_active) return;
  if (row.state !== 'pending' && !data.manual) return;
  const signature = signWebhook(row.secret, row.body, Math.floor(now().getTime() / 1000));
  const outcome = await postWebhook(
    row.url,
    row.body,
    {
      'user-agent': 'Hasp-Webhooks/1',
      'hasp-signature': signature,
      'hasp-event': row.event,
      'hasp-delivery': String(row.id),
    },
    { targets, timeoutMs: tuning.timeoutMs },
  );
  const ok = outcome.statusCode !== null && outcome.statusCode >= 200 && outcome.statusCode < 300;
  const attempts = data.attempt;
  const retry = !ok && !data.manual && attempts < tuning.maxAttempts;
  const failing = await db.transaction().execute(async (trx) => {
    await trx
      .insertInto('webhook_attempts')
      .values({
        delivery_id: row.id,
        attempted_at: now(),
        status_code: outcome.statusCode,
        error: outcome.error,
        response: outcome.response,
        duration_ms: outcome.durationMs,
      })
      .execute();
    await trx
      .updateTable('webhook_deliveries')
      .set({
        attempts,
        last_status_code: outcome.statusCode,
        state: ok ? 'delivered' : retry ? 'pending' : 'failed',
        ...(ok ? { delivered_at: now() } : {}),
      })
      .where('id', '=', row.id)
      .execute();
    const subscription = await trx
      .updateTable('webhook_subscriptions')
      .set((eb) => ({ consecutive_failures: ok ? 0 : eb('consecutive_failures', '+', 1) }))
      .where('id', '=', row.subscription_id)
      .returning(['consecutive_failures', 'is_active'])
      .executeTakeFirstOrThrow();
    return !ok && subscription.is_active && subscription.consecutive_failures >= tuning.failureLimit;
  });
  // Switching the subscription off is a change to it: a command (audit, event, the administrators told).
  const disabled =
    failing &&
    (await switchOffAsSystem(
      events,
      jobs.connection,
      { id: row.subscription_id, facilityId: row.facility_id },
      tuning.failureLimit,
      now(),
    ));
  if (retry && !disabled) {
    await sendDeliveryJob(jobs, row.id, attempts + 1, tuning.retryBaseSeconds * 2 ** (attempts - 1));
  }
}

/** Registers the delivery job on a connection's queue. */
export const webhookDeliveryJob =
  (now: () => Date, events: EventBus, targets: WebhookTargets, tuning: Partial<WebhookTuning> = {}): JobRegistration =>
  async (jobs) => {
    const settings = { ...defaultWebhookTuning, ...tuning };
    await jobs.work<{ deliveryId: number; attempt: number; manual?: boolean }>(
      WEBHOOK_DELIVER_JOB,
      (job) => attemptDelivery(events, jobs, job.data, settings, now, targets),
      { retryLimit: 3, retryDelaySeconds: 5 },
    );
  };
