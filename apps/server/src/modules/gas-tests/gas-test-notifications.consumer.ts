import type { Transaction } from 'kysely';
import { permitPermission } from '@hasp/contracts';
import type { Database } from '../../db/schema';
import type { DomainEvent, EventBus } from '../../platform';
import { insertNotification } from '../notifications';
import { listPermitApprovers } from '../permits';
import type { GasTestEventPayload } from './gas-test-command.service';

/** The consumer's name in `event_deliveries`: each test notifies once, however often delivered. */
export const GAS_TEST_NOTIFICATIONS_CONSUMER = 'gas-test-notifications';

/**
 * A test with a reading out of limits tells the issuer: the permit's issuer once it has one, else
 * everyone who may issue permits of its type (before issue nobody is the issuer yet). Never the
 * person who recorded it. In the delivery's transaction (the inbox trigger pushes it live).
 */
export async function notifyIssuerOfGasTest(trx: Transaction<Database>, event: DomainEvent): Promise<void> {
  const p = event.payload as unknown as GasTestEventPayload;
  if (event.facilityId === null || !p.outOfLimits.length) return;
  const wanted =
    p.issuerId !== null
      ? [p.issuerId]
      : await listPermitApprovers(trx, event.facilityId, permitPermission('issue', p.typeCode));
  for (const userId of wanted.filter((id) => id !== p.actorId)) {
    await insertNotification(
      trx,
      { userId, facilityId: event.facilityId },
      {
        title: `${p.number} ${p.title}: gas test out of limits`,
        body: `Gas test out of limits: ${p.outOfLimits.join('; ')}.`,
        link: `/Permit/Edit/${p.permitId}`,
      },
    );
  }
}

export function registerGasTestNotifications(events: EventBus): void {
  events.registerConsumer(GAS_TEST_NOTIFICATIONS_CONSUMER, ['gas-test.record'], notifyIssuerOfGasTest);
}
