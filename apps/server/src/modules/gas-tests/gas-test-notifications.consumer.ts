import type { Transaction } from 'kysely';
import { permitPermission } from '@hasp/contracts';
import type { Database } from '../../db/schema';
import type { DomainEvent, EventBus } from '../../platform';
import { deliverNotice, type NoticeChannels } from '../notification-templates';
import { listPermitApprovers } from '../permits';
import type { GasTestEventPayload } from './gas-test-command.service';

/** The consumer's name in `event_deliveries`: each test notifies once, however often delivered. */
export const GAS_TEST_NOTIFICATIONS_CONSUMER = 'gas-test-notifications';

/**
 * A test with a reading out of limits is the template event `gas-test.out-of-limits` (safety-critical):
 * by default it tells the issuer, the permit's once it has one, else everyone who may issue permits of
 * its type (before issue nobody is the issuer yet). Never the person who recorded it. In the
 * delivery's transaction (the inbox trigger pushes it live).
 */
export async function notifyIssuerOfGasTest(
  trx: Transaction<Database>,
  event: DomainEvent,
  channels: NoticeChannels = { email: false, publicUrl: '' },
): Promise<void> {
  const p = event.payload as unknown as GasTestEventPayload;
  const facilityId = event.facilityId;
  if (facilityId === null || !p.outOfLimits.length) return;
  const permit = await trx
    .selectFrom('permits')
    .select(['requester_id', 'holder_id'])
    .where('id', '=', p.permitId)
    .executeTakeFirst();
  await deliverNotice(
    trx,
    {
      event: 'gas-test.out-of-limits',
      source: `event:${event.id}`,
      at: event.createdAt,
      facilityId,
      actorId: p.actorId,
      permitId: p.permitId,
      people: {
        requester: [permit?.requester_id ?? null],
        holder: [permit?.holder_id ?? null],
        issuer:
          p.issuerId !== null
            ? [p.issuerId]
            : () => listPermitApprovers(trx, facilityId, permitPermission('issue', p.typeCode)),
        approvers: () => listPermitApprovers(trx, facilityId, permitPermission('approve', p.typeCode)),
      },
      values: { number: p.number, title: p.title, details: p.outOfLimits.join('; ') },
      link: `/Permit/Edit/${p.permitId}`,
    },
    channels,
  );
}

export function registerGasTestNotifications(events: EventBus, channels?: NoticeChannels): void {
  events.registerConsumer(GAS_TEST_NOTIFICATIONS_CONSUMER, ['gas-test.record'], (trx, event) =>
    notifyIssuerOfGasTest(trx, event, channels),
  );
}
