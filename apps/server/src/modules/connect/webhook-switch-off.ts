import { connectNotificationCaptions as say, rightNavPermission } from '@hasp/contracts';
import type { Connection } from '../../db/connections';
import { defineCommand, runCommand, systemActor, type CommandRun, type EventBus } from '../../platform';
import { insertNotification } from '../notifications';
import { captionTextsForUsers } from '../translations';
import { subscriptionPolicy, subscriptionTarget } from './connect.policy';
import { listFacilityHolders, type SubscriptionRow } from './webhooks.repository';

const entityType = 'webhook_subscription';

/**
 * Switches a failing subscription off (the delivery job's, as the system): audited, announced, and
 * the facility's Hasp Connect administrators told in their inbox, each in their own language. The
 * subscription is locked first, so a success or an administrator's change meanwhile wins: one that
 * is off already, or no longer failing `limit` times in a row, is left as it is.
 */
export const switchOffSubscription = defineCommand({
  name: 'webhook.switch-off',
  target: subscriptionTarget,
  policy: subscriptionPolicy['webhook.switch-off'],
  async apply({ trx, ctx, input, state: before, ...run }: CommandRun<{ limit: number }, SubscriptionRow>) {
    if (!before.is_active || before.consecutive_failures < input.limit) {
      run.unchanged();
      return false;
    }
    const failures = before.consecutive_failures;
    const reason = `${failures} failed attempts in a row`;
    await trx
      .updateTable('webhook_subscriptions')
      .set({ is_active: false, disabled_reason: reason, updated_at: ctx.now, version: before.version + 1 })
      .where('id', '=', before.id)
      .execute();
    run.audit({
      action: 'webhook-subscription.disable',
      entityType,
      entityId: before.id,
      before: { isActive: true },
      after: { isActive: false, disabledReason: reason },
    });
    run.event({ name: 'webhook.switched-off', entityType, entityId: before.id });
    const facilityId = before.facility_id;
    const admins = await listFacilityHolders(trx, facilityId, rightNavPermission('connect'));
    const texts = await captionTextsForUsers(trx, facilityId, admins, [say.disabledTitle, say.disabledBody]);
    for (const userId of admins) {
      const t = texts.get(userId)!;
      await insertNotification(
        trx,
        { userId, facilityId },
        {
          title: t(say.disabledTitle, { name: before.name }),
          body: t(say.disabledBody, { name: before.name, count: String(failures) }),
          link: '/admin/connect',
        },
      );
    }
    return true;
  },
});

/** Runs the switch-off as the system for a subscription of a facility; true when it switched it off. */
export async function switchOffAsSystem(
  events: EventBus,
  connection: Connection,
  subscription: { id: number; facilityId: number },
  limit: number,
  now: Date,
): Promise<boolean> {
  const ctx = {
    actor: systemActor(subscription.facilityId),
    connection,
    requestId: `system:webhook.switch-off:${subscription.id}`,
    address: '',
    now,
    expiresAt: Number.POSITIVE_INFINITY,
  };
  const { result } = await runCommand(events, ctx, switchOffSubscription, {
    name: switchOffSubscription.name,
    targetId: subscription.id,
    input: { limit },
  });
  return result;
}
