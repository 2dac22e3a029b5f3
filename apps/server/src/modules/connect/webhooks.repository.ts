import type { Selectable } from 'kysely';
import type { WebhookDelivery, WebhookEvent, WebhookSubscription } from '@hasp/contracts';
import type { Db, WebhookSubscriptionTable } from '../../db/schema';

export type SubscriptionRow = Selectable<WebhookSubscriptionTable>;

export const listSubscriptionRows = (db: Db, facilityId: number) =>
  db.selectFrom('webhook_subscriptions').selectAll().where('facility_id', '=', facilityId).orderBy('id').execute();

export function findSubscriptionRow(db: Db, facilityId: number, id: number, lock = false) {
  const query = db
    .selectFrom('webhook_subscriptions')
    .selectAll()
    .where('facility_id', '=', facilityId)
    .where('id', '=', id);
  return (lock ? query.forUpdate() : query).executeTakeFirst();
}

/** A subscription as the API shows it: never its secret. */
export function toSubscription(row: SubscriptionRow): WebhookSubscription {
  return {
    id: row.id,
    name: row.name,
    url: row.url,
    events: row.events as WebhookEvent[],
    isActive: row.is_active,
    disabledReason: row.disabled_reason,
    consecutiveFailures: row.consecutive_failures,
    createdAt: row.created_at.toISOString(),
    version: row.version,
  };
}

/** The facility's deliveries, newest first, each with its attempts (the delivery log). */
export async function listDeliveries(
  db: Db,
  facilityId: number,
  filter: { subscriptionId?: number | undefined; limit: number },
): Promise<WebhookDelivery[]> {
  let query = db
    .selectFrom('webhook_deliveries as d')
    .innerJoin('webhook_subscriptions as s', 's.id', 'd.subscription_id')
    .select([
      'd.id',
      'd.subscription_id',
      's.name',
      'd.event',
      'd.state',
      'd.attempts',
      'd.last_status_code',
      'd.created_at',
      'd.delivered_at',
      'd.body',
    ])
    .where('d.facility_id', '=', facilityId);
  if (filter.subscriptionId !== undefined) query = query.where('d.subscription_id', '=', filter.subscriptionId);
  const rows = await query.orderBy('d.id', 'desc').limit(filter.limit).execute();
  const attempts = rows.length
    ? await db
        .selectFrom('webhook_attempts')
        .selectAll()
        .where(
          'delivery_id',
          'in',
          rows.map((r) => r.id),
        )
        .orderBy('id')
        .execute()
    : [];
  return rows.map((row) => ({
    id: row.id,
    subscriptionId: row.subscription_id,
    subscriptionName: row.name,
    event: row.event,
    state: row.state,
    attempts: row.attempts,
    lastStatusCode: row.last_status_code,
    createdAt: row.created_at.toISOString(),
    deliveredAt: row.delivered_at ? row.delivered_at.toISOString() : null,
    body: row.body,
    attemptLog: attempts
      .filter((a) => a.delivery_id === row.id)
      .map((a) => ({
        at: a.attempted_at.toISOString(),
        statusCode: a.status_code,
        error: a.error,
        response: a.response,
        durationMs: a.duration_ms,
      })),
  }));
}

/** A new delivery of an event to a subscription; undefined when that event was already given to it. */
export async function insertDelivery(
  db: Db,
  values: {
    facilityId: number;
    subscriptionId: number;
    eventId: number | null;
    event: string;
    body: string;
    now: Date;
  },
): Promise<number | undefined> {
  const row = await db
    .insertInto('webhook_deliveries')
    .values({
      facility_id: values.facilityId,
      subscription_id: values.subscriptionId,
      event_id: values.eventId,
      event: values.event,
      body: values.body,
      created_at: values.now,
    })
    .onConflict((oc) => oc.columns(['subscription_id', 'event_id']).where('event_id', 'is not', null).doNothing())
    .returning('id')
    .executeTakeFirst();
  return row?.id;
}

/** Users of the facility who hold a permission through a group (who hears that a subscription was switched off). */
export async function listFacilityHolders(db: Db, facilityId: number, permission: string): Promise<number[]> {
  const rows = await db
    .selectFrom('group_permissions as gp')
    .innerJoin('groups as g', 'g.id', 'gp.group_id')
    .innerJoin('user_groups as ug', 'ug.group_id', 'g.id')
    .innerJoin('users as u', 'u.id', 'ug.user_id')
    .select('u.id')
    .distinct()
    .where('g.facility_id', '=', facilityId)
    .where('gp.permission', '=', permission)
    .where('u.is_active', '=', true)
    .execute();
  return rows.map((r) => r.id);
}
