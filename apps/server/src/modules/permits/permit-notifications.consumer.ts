import type { Transaction } from 'kysely';
import { permitNotificationCaptions, permitPermission, type Caption } from '@hasp/contracts';
import type { Database } from '../../db/schema';
import type { DomainEvent, EventBus } from '../../platform';
import { insertNotification } from '../notifications';
import { captionTextsForUsers } from '../translations';
import { listPermitApprovers, findDisplayName } from './permit-people.repository';

/** The consumer's name in `event_deliveries`: each event notifies once, however often delivered. */
export const PERMIT_NOTIFICATIONS_CONSUMER = 'permit-notifications';

/** What the lifecycle commands (and the expiry jobs) put in a `permit.<verb>` event. */
export interface PermitEventPayload {
  permitId: number;
  number: string;
  title: string;
  typeCode: string;
  /** Who gave the command; null for the system (the expiry jobs). */
  actorId: number | null;
  requesterId: number;
  /** The holder when the command was given (for a hand-over, the outgoing one). */
  holderId: number | null;
  issuerId: number | null;
  approverIds?: number[];
  /** Hand-over: the holder named by the command. */
  newHolderId?: number | null;
}

type Recipients = (trx: Transaction<Database>, facilityId: number, p: PermitEventPayload) => Promise<(number | null)[]>;
interface Notice {
  /** After "<number> <title>: " in the notification's title: a caption, written in each recipient's language. */
  what: Caption;
  recipients: Recipients;
}
const words = permitNotificationCaptions;

const people =
  (...roles: ('requesterId' | 'holderId' | 'issuerId' | 'newHolderId')[]): Recipients =>
  async (_trx, _facility, p) =>
    roles.map((role) => p[role] ?? null);

/**
 * Who hears of which event: the same people `permitCommandNotifies` (contracts) names in the
 * confirmation dialog, plus the expiry notices. Events not listed notify nobody.
 */
export const permitNotices: Record<string, Notice> = {
  'permit.request': {
    what: words.request,
    recipients: (trx, facilityId, p) => listPermitApprovers(trx, facilityId, permitPermission('approve', p.typeCode)),
  },
  'permit.approve': { what: words.approve, recipients: people('requesterId') },
  'permit.issue': { what: words.issue, recipients: people('holderId', 'requesterId') },
  'permit.suspend': { what: words.suspend, recipients: people('holderId', 'requesterId') },
  'permit.hand-over': { what: words['hand-over'], recipients: people('newHolderId', 'holderId') },
  'permit.close': { what: words.close, recipients: people('requesterId', 'holderId') },
  'permit.expiring': { what: words.expiring, recipients: people('holderId', 'issuerId', 'requesterId') },
  'permit.expire': { what: words.expire, recipients: people('holderId', 'issuerId', 'requesterId') },
};

/** The captions a permit notice is written with (the title and body around what happened). */
const noticeCaptions = [words.title, words.body, words.bodyBy, ...Object.values(permitNotices).map((n) => n.what)];

/** Where the notification leads: the permit page. */
export const permitLink = (permitId: number) => `/Permit/Edit/${permitId}`;

/**
 * Sends the in-app notifications of a permit event, in the delivery's transaction (the notifications
 * table's trigger pushes them to open browsers at commit). Nobody is told of their own act. Each
 * recipient reads it in their own language (the inbox stores text: it is written in theirs), e.g.
 * "LOTO-000123 Replace pump seal: approval requested" / "Approval requested by Wren Worker.".
 */
export async function notifyPermitPeople(trx: Transaction<Database>, event: DomainEvent): Promise<void> {
  const notice = permitNotices[event.name];
  if (!notice || event.facilityId === null) return;
  const payload = event.payload as unknown as PermitEventPayload;
  const wanted = await notice.recipients(trx, event.facilityId, payload);
  const recipients = [...new Set(wanted)].filter((id): id is number => id !== null && id !== payload.actorId);
  if (!recipients.length) return;
  const actorName = payload.actorId ? await findDisplayName(trx, payload.actorId) : null;
  const textsOf = await captionTextsForUsers(trx, event.facilityId, recipients, noticeCaptions);
  for (const userId of recipients) {
    const t = textsOf.get(userId)!;
    const what = t(notice.what);
    const sentence = what.charAt(0).toUpperCase() + what.slice(1);
    await insertNotification(
      trx,
      { userId, facilityId: event.facilityId },
      {
        title: t(words.title, { number: payload.number, title: payload.title, what }),
        body: actorName ? t(words.bodyBy, { what: sentence, actor: actorName }) : t(words.body, { what: sentence }),
        link: permitLink(payload.permitId),
      },
    );
  }
}

/** Listens for the permit events that concern people (the outbox delivers each once to this consumer). */
export function registerPermitNotifications(events: EventBus): void {
  events.registerConsumer(PERMIT_NOTIFICATIONS_CONSUMER, Object.keys(permitNotices), (trx, event) =>
    notifyPermitPeople(trx, event),
  );
}
