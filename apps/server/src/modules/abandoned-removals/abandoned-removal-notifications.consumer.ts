import type { Transaction } from 'kysely';
import { permitPermission } from '@hasp/contracts';
import type { Database } from '../../db/schema';
import type { DomainEvent, EventBus } from '../../platform';
import { deliverNotice, type NoticeChannels } from '../notification-templates';
import { listPermitApprovers } from '../permits';
import type { AbandonedRemovalEventPayload } from './remove-abandoned-lock';

/** The consumer's name in `event_deliveries`: each removal notifies once, however often delivered. */
export const ABANDONED_REMOVAL_NOTIFICATIONS_CONSUMER = 'abandoned-removal-notifications';

/** What was removed, in words: "Lock PL-0042 and tag T-000123", "Tag T-000123". */
export function removedWhat(p: Pick<AbandonedRemovalEventPayload, 'lockSerial' | 'tagNumber'>): string {
  if (p.lockSerial !== null && p.tagNumber !== null) return `Lock ${p.lockSerial} and tag ${p.tagNumber}`;
  return p.lockSerial !== null ? `Lock ${p.lockSerial}` : `Tag ${p.tagNumber}`;
}

/**
 * Tells the applier (the template's "subject", safety-critical) in the delivery's transaction; the
 * supervisor who removed it is the actor. The inbox is a courtesy: the acknowledgement their next
 * sign-in asks for (GET /api/me/abandoned-removals) is what (e)(3)(iii) needs.
 */
export async function notifyApplier(
  trx: Transaction<Database>,
  event: DomainEvent,
  channels: NoticeChannels = { email: false, publicUrl: '' },
): Promise<void> {
  const facilityId = event.facilityId;
  if (facilityId === null) return;
  const p = event.payload as unknown as AbandonedRemovalEventPayload;
  const permit = await trx
    .selectFrom('permits as p')
    .innerJoin('permit_types as t', 't.id', 'p.permit_type_id')
    .select(['p.requester_id', 'p.holder_id', 'p.issuer_id', 't.code'])
    .where('p.id', '=', p.permitId)
    .executeTakeFirst();
  await deliverNotice(
    trx,
    {
      event: 'abandoned-removal.record',
      source: `event:${event.id}`,
      at: event.createdAt,
      facilityId,
      actorId: p.supervisorId === p.applierId ? null : p.supervisorId,
      permitId: p.permitId,
      people: {
        subject: [p.applierId],
        requester: [permit?.requester_id ?? null],
        holder: [permit?.holder_id ?? null],
        issuer: [permit?.issuer_id ?? null],
        approvers: () =>
          permit ? listPermitApprovers(trx, facilityId, permitPermission('approve', permit.code)) : Promise.resolve([]),
      },
      values: { number: p.number, title: p.title, details: removedWhat(p) },
      link: `/Permit/Edit/${p.permitId}`,
    },
    channels,
  );
}

/** Listens for recorded (e)(3) removals. */
export function registerAbandonedRemovalNotifications(events: EventBus, channels?: NoticeChannels): void {
  events.registerConsumer(ABANDONED_REMOVAL_NOTIFICATIONS_CONSUMER, ['abandoned-removal.record'], (trx, event) =>
    notifyApplier(trx, event, channels),
  );
}
