import type { Transaction } from 'kysely';
import type { Database } from '../../db/schema';
import type { DomainEvent, EventBus } from '../../platform';
import { insertNotification } from '../notifications';
import type { AbandonedRemovalEventPayload } from './remove-abandoned-lock';

/** The consumer's name in `event_deliveries`: each removal notifies once, however often delivered. */
export const ABANDONED_REMOVAL_NOTIFICATIONS_CONSUMER = 'abandoned-removal-notifications';

/** What was removed, in words: "Lock PL-0042 and tag T-000123", "Tag T-000123". */
export function removedWhat(p: Pick<AbandonedRemovalEventPayload, 'lockSerial' | 'tagNumber'>): string {
  if (p.lockSerial !== null && p.tagNumber !== null) return `Lock ${p.lockSerial} and tag ${p.tagNumber}`;
  return p.lockSerial !== null ? `Lock ${p.lockSerial}` : `Tag ${p.tagNumber}`;
}

/**
 * Tells the applier in their inbox, in the delivery's transaction. The inbox is a courtesy: the
 * acknowledgement their next sign-in asks for (GET /api/me/abandoned-removals) is what (e)(3)(iii) needs.
 */
export async function notifyApplier(trx: Transaction<Database>, event: DomainEvent): Promise<void> {
  if (event.facilityId === null) return;
  const p = event.payload as unknown as AbandonedRemovalEventPayload;
  const supervisor = await trx
    .selectFrom('users')
    .select('display_name')
    .where('id', '=', p.supervisorId)
    .executeTakeFirst();
  await insertNotification(
    trx,
    { userId: p.applierId, facilityId: event.facilityId },
    {
      title: `${p.number} ${p.title}: your lock or tag was removed`,
      body: `${removedWhat(p)} removed by ${supervisor?.display_name ?? 'a supervisor'} while you were away (OSHA 1910.147 (e)(3)). Acknowledge it before you resume work.`,
      link: `/Permit/Edit/${p.permitId}`,
    },
  );
}

/** Listens for recorded (e)(3) removals. */
export function registerAbandonedRemovalNotifications(events: EventBus): void {
  events.registerConsumer(ABANDONED_REMOVAL_NOTIFICATIONS_CONSUMER, ['abandoned-removal.record'], notifyApplier);
}
