import type { Transaction } from 'kysely';
import { permitPermission, type NotificationEvent } from '@hasp/contracts';
import type { Database } from '../../db/schema';
import type { DomainEvent, EventBus } from '../../platform';
import { deliverNotice, type NoticeChannels } from '../notification-templates';
import { listPermitApprovers } from './permit-people.repository';

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
  /** `lock.overdue` (lock-overdue.job): the lock's serial and its applier and owner. */
  serial?: string;
  subjectIds?: number[];
  /** Reject: the reason and the note in words. */
  details?: string;
}

/** The notification-templates event of each lifecycle event (the events not listed notify nobody). */
const noticeEvents: Record<string, NotificationEvent> = {
  'permit.request': 'permit.request',
  'permit.approve': 'permit.approve',
  'permit.reject': 'permit.reject',
  'permit.issue': 'permit.issue',
  'permit.suspend': 'permit.suspend',
  'permit.hand-over': 'permit.hand-over',
  'permit.close': 'permit.close',
  'permit.expiring': 'permit.expiring',
  'permit.expire': 'permit.expire',
  'lock.overdue': 'lock.overdue',
};

/** The `{{details}}` of a notice: an overdue lock's serial, a rejection's reason and note. */
const detailsOf = (p: PermitEventPayload) => {
  const details = p.serial ?? p.details;
  return details === undefined ? {} : { details };
};

/** Where the notification leads: the permit page. */
export const permitLink = (permitId: number) => `/Permit/Edit/${permitId}`;

/**
 * Sends a permit event's notices by the facility's template of it (notification-templates: by
 * default the people `permitCommandNotifies` names, decision 0033, and the texts the inbox always
 * had), in the delivery's transaction. Nobody is told of their own act; each reads it in their
 * language, e.g. "LOTO-000123 Replace pump seal: approval requested" / "Approval requested by Wren Worker.".
 */
export async function notifyPermitPeople(
  trx: Transaction<Database>,
  event: DomainEvent,
  channels: NoticeChannels = { email: false, publicUrl: '' },
): Promise<void> {
  const name = noticeEvents[event.name];
  if (!name || event.facilityId === null) return;
  const p = event.payload as unknown as PermitEventPayload;
  const facilityId = event.facilityId;
  const handOver = event.name === 'permit.hand-over';
  await deliverNotice(
    trx,
    {
      event: name,
      source: `event:${event.id}`,
      at: event.createdAt,
      facilityId,
      actorId: p.actorId,
      permitId: p.permitId,
      people: {
        requester: [p.requesterId],
        // A hand-over's holder is the one named by the command; the outgoing one is the previous holder.
        holder: [handOver ? (p.newHolderId ?? null) : p.holderId],
        previousHolder: handOver ? [p.holderId] : [],
        issuer: [p.issuerId],
        approvers: () => listPermitApprovers(trx, facilityId, permitPermission('approve', p.typeCode)),
        subject: p.subjectIds ?? [],
      },
      values: { number: p.number, title: p.title, ...detailsOf(p) },
      link: permitLink(p.permitId),
    },
    channels,
  );
}

/** Listens for the permit events that concern people (the outbox delivers each once to this consumer). */
export function registerPermitNotifications(events: EventBus, channels?: NoticeChannels): void {
  events.registerConsumer(PERMIT_NOTIFICATIONS_CONSUMER, Object.keys(noticeEvents), (trx, event) =>
    notifyPermitPeople(trx, event, channels),
  );
}
