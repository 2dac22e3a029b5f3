import type { Transaction } from 'kysely';
import { gasTestNotificationCaptions as words, permitPermission } from '@hasp/contracts';
import type { Database } from '../../db/schema';
import type { DomainEvent, EventBus } from '../../platform';
import { insertNotification } from '../notifications';
import { listPermitApprovers } from '../permits';
import { captionTextsForUsers } from '../translations';
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
  const recipients = [...new Set(wanted)].filter((id) => id !== p.actorId);
  if (!recipients.length) return;
  const actor = await trx.selectFrom('users').select('display_name').where('id', '=', p.actorId).executeTakeFirst();
  // Each recipient reads it in their own language (the inbox stores text).
  const textsOf = await captionTextsForUsers(trx, event.facilityId, recipients, [words.title, words.body]);
  for (const userId of recipients) {
    const t = textsOf.get(userId)!;
    await insertNotification(
      trx,
      { userId, facilityId: event.facilityId },
      {
        title: t(words.title, { number: p.number, title: p.title }),
        body: t(words.body, { readings: p.outOfLimits.join('; '), actor: actor?.display_name ?? '' }),
        link: `/Permit/Edit/${p.permitId}`,
      },
    );
  }
}

export function registerGasTestNotifications(events: EventBus): void {
  events.registerConsumer(GAS_TEST_NOTIFICATIONS_CONSUMER, ['gas-test.record'], notifyIssuerOfGasTest);
}
