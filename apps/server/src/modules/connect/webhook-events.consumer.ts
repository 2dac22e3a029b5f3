import { sql } from 'kysely';
import { permitCommands, type WebhookEvent } from '@hasp/contracts';
import type { DomainEvent, EventBus } from '../../platform';
import type { Jobs } from '../../platform/jobs';
import type { Connection } from '../../db/connections';
import { insertDelivery } from './webhooks.repository';
import { sendDeliveryJob } from './webhook-deliver.job';

/** The consumer's name in `event_deliveries`: each domain event makes its deliveries once. */
export const WEBHOOK_CONSUMER = 'connect-webhooks';

/** A permit event by the status it led to: any command that makes a permit Active is `permit.active`. */
const permitStatusEvents: Partial<Record<string, WebhookEvent>> = {
  requested: 'permit.requested',
  issued: 'permit.issued',
  active: 'permit.active',
  suspended: 'permit.suspended',
  closed: 'permit.closed',
};

/** The webhook event a domain event is, or null when integrators are not told of it. */
export function webhookEventOf(event: DomainEvent): WebhookEvent | null {
  if (event.name.startsWith('permit.')) return permitStatusEvents[String(event.payload.to)] ?? null;
  if (event.name === 'isolation-plan.verify-point' || event.name === 'isolation-plan.re-verify')
    return 'isolation.verified';
  if (event.name === 'tag.remove') return 'tag.removed';
  return null;
}

/** The domain events the consumer listens to. */
const heard = [
  ...permitCommands.map((c) => `permit.${c}`),
  'isolation-plan.verify-point',
  'isolation-plan.re-verify',
  'tag.remove',
];

/** The JSON body receivers get: the event, when, the facility and what it is about. */
export function webhookBody(
  event: string,
  occurredAt: Date,
  facilityId: number,
  data: Record<string, unknown>,
  eventId: number | null,
): string {
  return JSON.stringify({ id: eventId, event, occurredAt: occurredAt.toISOString(), facilityId, data });
}

/**
 * Makes one delivery per active subscription of the facility that asked for the event, in the
 * consumer's transaction, and queues a job for each (a job that runs before the commit finds no
 * delivery and is retried). Without a job queue (tests, tools) the deliveries wait as pending.
 */
export function registerWebhookDeliveries(events: EventBus, jobsOf: (connection: Connection) => Jobs | null): void {
  events.registerConsumer(WEBHOOK_CONSUMER, heard, async (trx, event, connection) => {
    const name = webhookEventOf(event);
    if (!name || event.facilityId === null) return;
    const subscriptions = await trx
      .selectFrom('webhook_subscriptions')
      .select('id')
      .where('facility_id', '=', event.facilityId)
      .where('is_active', '=', true)
      .where(sql<boolean>`${name} = any(events)`)
      // Only what happened since it subscribed: the outbox's sweep also hands over older events
      // this consumer has not seen (all of them, when the module is first deployed).
      .where('created_at', '<=', event.createdAt)
      .execute();
    if (!subscriptions.length) return;
    const permitId = Number(event.payload.permitId ?? (event.entityType === 'permit' ? event.entityId : 0)) || null;
    const permit = permitId
      ? await trx
          .selectFrom('permits')
          .select(['id', 'number', 'status', 'external_reference', 'title'])
          .where('id', '=', permitId)
          .where('facility_id', '=', event.facilityId)
          .executeTakeFirst()
      : undefined;
    const { permitId: _p, actorId: _a, requesterId: _r, approverIds: _ap, ...details } = event.payload;
    const data = {
      ...details,
      ...(permit
        ? {
            permit: {
              id: permit.id,
              number: permit.number,
              title: permit.title,
              status: permit.status,
              externalReference: permit.external_reference,
            },
          }
        : {}),
    };
    const body = webhookBody(name, event.createdAt, event.facilityId, data, event.id);
    const jobs = jobsOf(connection);
    for (const subscription of subscriptions) {
      const id = await insertDelivery(trx, {
        facilityId: event.facilityId,
        subscriptionId: subscription.id,
        eventId: event.id,
        event: name,
        body,
        now: event.createdAt,
      });
      if (id !== undefined && jobs) await sendDeliveryJob(jobs, id, 1);
    }
  });
}
