import type { Kysely } from 'kysely';
import { WEBHOOK_TEST_EVENT, type WebhookSubscription, type WebhookSubscriptionInput } from '@hasp/contracts';
import type { Database } from '../../db/schema';
import type { RequestContext } from '../../platform';
import type { Jobs } from '../../platform/jobs';
import { AppError } from '../../plugins/app-error';
import { auditOrigin, recordAudit } from '../audit';
import { sendDeliveryJob } from './webhook-deliver.job';
import { webhookBody } from './webhook-events.consumer';
import { newWebhookSecret } from './webhook-signature';
import { TARGET_REFUSED, type WebhookTargets } from './webhook-target';
import { findSubscriptionRow, insertDelivery, toSubscription } from './webhooks.repository';

type Db = Kysely<Database>;

/**
 * 400 naming `url` when webhooks may not go there (not public and not allowed by the server's
 * setting, or not resolving): the same message for every such target.
 */
async function checkTarget(targets: WebhookTargets, url: string): Promise<void> {
  if (!(await targets.addressesOf(url))) throw AppError.validation([{ field: 'url', message: TARGET_REFUSED }]);
}

/** Subscribes a URL to events; answers the signing secret this once. */
export async function createSubscription(
  db: Db,
  ctx: RequestContext,
  input: WebhookSubscriptionInput,
  targets: WebhookTargets,
): Promise<{ subscription: WebhookSubscription; secret: string }> {
  await checkTarget(targets, input.url);
  const secret = newWebhookSecret();
  return db.transaction().execute(async (trx) => {
    const row = await trx
      .insertInto('webhook_subscriptions')
      .values({
        facility_id: ctx.actor.facilityId,
        name: input.name,
        url: input.url,
        events: [...new Set(input.events)],
        secret,
        is_active: input.isActive,
        created_by: ctx.actor.userId,
        created_at: ctx.now,
        updated_at: ctx.now,
      })
      .returningAll()
      .executeTakeFirstOrThrow();
    const subscription = toSubscription(row);
    await recordAudit(trx, {
      ...auditOrigin(ctx),
      action: 'webhook-subscription.create',
      entityType: 'webhook_subscription',
      entityId: row.id,
      before: null,
      after: subscription,
    });
    return { subscription, secret };
  });
}

/** Replaces a subscription seen at `version`; switching it on again clears its failure count. */
export async function updateSubscription(
  db: Db,
  ctx: RequestContext,
  id: number,
  input: WebhookSubscriptionInput & { version: number },
  targets: WebhookTargets,
): Promise<WebhookSubscription> {
  await checkTarget(targets, input.url);
  return db.transaction().execute(async (trx) => {
    const before = await findSubscriptionRow(trx, ctx.actor.facilityId, id, true);
    if (!before) throw AppError.notFound('Subscription');
    if (before.version !== input.version)
      throw new AppError('CONFLICT', 409, 'Someone changed this subscription meanwhile: reload it and try again');
    const row = await trx
      .updateTable('webhook_subscriptions')
      .set({
        name: input.name,
        url: input.url,
        events: [...new Set(input.events)],
        is_active: input.isActive,
        ...(input.isActive ? { disabled_reason: null, consecutive_failures: 0 } : {}),
        updated_at: ctx.now,
        version: before.version + 1,
      })
      .where('id', '=', id)
      .returningAll()
      .executeTakeFirstOrThrow();
    const subscription = toSubscription(row);
    await recordAudit(trx, {
      ...auditOrigin(ctx),
      action: 'webhook-subscription.update',
      entityType: 'webhook_subscription',
      entityId: id,
      before: toSubscription(before),
      after: subscription,
    });
    return subscription;
  });
}

/**
 * Sends the test event to a subscription (whatever events it asked for): a delivery like any
 * other, in the log. Without a job queue it waits as pending.
 */
export async function sendTestEvent(db: Db, ctx: RequestContext, id: number, jobs: Jobs | null): Promise<number> {
  const subscription = await findSubscriptionRow(db, ctx.actor.facilityId, id);
  if (!subscription) throw AppError.notFound('Subscription');
  if (!subscription.is_active) throw new AppError('CONFLICT', 409, 'Switch the subscription on first');
  const body = webhookBody(
    WEBHOOK_TEST_EVENT,
    ctx.now,
    ctx.actor.facilityId,
    { message: 'A test event from Hasp Connect', sentBy: ctx.actor.userId },
    null,
  );
  const deliveryId = await insertDelivery(db, {
    facilityId: ctx.actor.facilityId,
    subscriptionId: id,
    eventId: null,
    event: WEBHOOK_TEST_EVENT,
    body,
    now: ctx.now,
  });
  if (jobs) await sendDeliveryJob(jobs, deliveryId!, 1);
  return deliveryId!;
}

/** Sends a delivery again, now, as one more attempt (its subscription must be on). */
export async function redeliver(db: Db, ctx: RequestContext, deliveryId: number, jobs: Jobs | null): Promise<void> {
  const row = await db
    .selectFrom('webhook_deliveries as d')
    .innerJoin('webhook_subscriptions as s', 's.id', 'd.subscription_id')
    .select(['d.id', 'd.attempts', 's.is_active'])
    .where('d.id', '=', deliveryId)
    .where('d.facility_id', '=', ctx.actor.facilityId)
    .executeTakeFirst();
  if (!row) throw AppError.notFound('Delivery');
  if (!row.is_active) throw new AppError('CONFLICT', 409, 'Switch the subscription on first');
  if (jobs) await sendDeliveryJob(jobs, row.id, row.attempts + 1, 0, `manual-${ctx.requestId}`);
}
