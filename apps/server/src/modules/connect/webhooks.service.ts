import { WEBHOOK_TEST_EVENT, type WebhookSubscription, type WebhookSubscriptionInput } from '@hasp/contracts';
import type { Db } from '../../db/schema';
import {
  actorFacilityTarget,
  defineCommand,
  type CommandRun,
  type FacilityTargetState,
  type RequestContext,
} from '../../platform';
import type { Jobs } from '../../platform/jobs';
import { AppError } from '../../plugins/app-error';
import { connectCreatePolicy, subscriptionPolicy, subscriptionTarget } from './connect.policy';
import { sendDeliveryJob } from './webhook-deliver.job';
import { webhookBody } from './webhook-events.consumer';
import { TARGET_REFUSED, type WebhookTargets } from './webhook-target';
import { findSubscriptionRow, insertDelivery, toSubscription, type SubscriptionRow } from './webhooks.repository';

const entityType = 'webhook_subscription';

/**
 * 400 naming `url` when webhooks may not go there (not public and not allowed by the server's
 * setting, or not resolving): the same message for every such target. The route checks it before
 * sending the command, so no transaction waits on a name lookup.
 */
export async function checkTarget(targets: WebhookTargets, url: string): Promise<void> {
  if (!(await targets.addressesOf(url))) throw AppError.validation([{ field: 'url', message: TARGET_REFUSED }]);
}

/**
 * A new subscription: what the administrator chose, and the signing secret the route made (see
 * `newWebhookSecret`). Deliveries are signed with it, so the row keeps it; the command's stored
 * answer (kept for replays) never does.
 */
export interface SubscriptionCreation extends WebhookSubscriptionInput {
  secret: string;
}

/** Subscribes a URL to events; answers the subscription (the route adds its secret, shown this once). */
export const createSubscription = defineCommand({
  name: 'webhook.create',
  target: actorFacilityTarget,
  policy: connectCreatePolicy['webhook.create'],
  // Every send makes a new secret: the key alone says "the same subscription", with the same choices.
  fingerprint: ({ secret: _secret, ...choices }: SubscriptionCreation) => choices,
  async apply({
    trx,
    ctx,
    input,
    ...run
  }: CommandRun<SubscriptionCreation, FacilityTargetState>): Promise<WebhookSubscription> {
    const row = await trx
      .insertInto('webhook_subscriptions')
      .values({
        facility_id: ctx.actor.facilityId,
        name: input.name,
        url: input.url,
        events: [...new Set(input.events)],
        secret: input.secret,
        is_active: input.isActive,
        created_by: ctx.actor.userId,
        created_at: ctx.now,
        updated_at: ctx.now,
      })
      .returningAll()
      .executeTakeFirstOrThrow();
    const subscription = toSubscription(row);
    run.audit({
      action: 'webhook-subscription.create',
      entityType,
      entityId: row.id,
      before: null,
      after: subscription,
    });
    run.event({ name: 'webhook.created', entityType, entityId: row.id });
    return subscription;
  },
});

/** Replaces the subscription (its version checked by the runner); switching it on again clears its failure count. */
export const editSubscription = defineCommand({
  name: 'webhook.edit',
  target: subscriptionTarget,
  policy: subscriptionPolicy['webhook.edit'],
  async apply({
    trx,
    ctx,
    input,
    state: before,
    ...run
  }: CommandRun<WebhookSubscriptionInput, SubscriptionRow>): Promise<WebhookSubscription> {
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
      .where('id', '=', before.id)
      .returningAll()
      .executeTakeFirstOrThrow();
    const subscription = toSubscription(row);
    run.audit({
      action: 'webhook-subscription.update',
      entityType,
      entityId: before.id,
      before: toSubscription(before),
      after: subscription,
    });
    run.event({ name: 'webhook.changed', entityType, entityId: before.id });
    return subscription;
  },
});

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
