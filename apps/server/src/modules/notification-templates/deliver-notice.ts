import type { Transaction } from 'kysely';
import {
  notificationRelationships,
  type NotificationEvent,
  type NotificationRelationship,
  type NotificationText,
} from '@hasp/contracts';
import type { Database } from '../../db/schema';
import { areaSupervisorIdsOfPermit } from '../area-supervisors';
import { insertNotification } from '../notifications';
import { captionTextsForUsers } from '../translations';
import { eventDefaults, isSafetyCritical } from './notification-catalog';
import { renderNotice, type NoticeValues } from './notification-render';
import {
  findTemplateRow,
  insertEmail,
  listCrew,
  listGroupMembers,
  listOptedOut,
  listReaders,
  permitValues,
  wallClock,
} from './notification-templates.repository';

type People = (number | null)[] | (() => Promise<number[]>);

/** One event as a consumer hands it over: who is who, the values it carries, where it leads. */
export interface Notice {
  event: NotificationEvent;
  /** What it is from (`event:<domain event id>`): an e-mail is queued once per source and reader however often it is delivered. */
  source: string;
  facilityId: number;
  /** When it happened (the `at` variable, on the facility's clock). */
  at: Date;
  /** Who caused it (never told of their own act); null for the system. */
  actorId: number | null;
  permitId: number | null;
  /** The people of each relationship, or how to find them (asked only when the template names it). */
  people: Partial<Record<NotificationRelationship, People>>;
  /** What the event itself carries: the permit's number and title as they were, `details`, … */
  values: NoticeValues;
  link: string;
}

/** How this process sends: e-mail only with a relay (HASP_SMTP_URL), links absolute with HASP_PUBLIC_URL. */
export interface NoticeChannels {
  email: boolean;
  publicUrl: string;
}

/** The text a reader gets: the saved one in their language, else the saved English, else the default in theirs. */
export function textFor(saved: NotificationText[] | undefined, language: string | null) {
  if (!saved) return undefined;
  return saved.find((t) => t.language === (language ?? 'en')) ?? saved.find((t) => t.language === 'en') ?? saved[0];
}

/**
 * Sends an event's notices in the delivery's transaction, by the facility's template of the event
 * (or its default): the people of the template's relationships and groups, less the actor and those
 * who switched a non-safety-critical event off; in-app (the inbox, pushed live at commit) and/or an
 * e-mail queued for the mail job, each written in the reader's language.
 */
export async function deliverNotice(trx: Transaction<Database>, notice: Notice, channels: NoticeChannels) {
  const { event, facilityId } = notice;
  const stored = await findTemplateRow(trx, facilityId, event);
  const defaults = eventDefaults[event];
  const relationships = (stored?.recipients ?? defaults.recipients).filter(
    (r): r is NotificationRelationship =>
      (notificationRelationships as readonly string[]).includes(r) &&
      defaults.relationships.includes(r as NotificationRelationship),
  );
  const wanted: (number | null)[] = [];
  const { permitId } = notice;
  // The crew and the area's supervisors are the same for every permit event: found here unless the consumer says otherwise.
  const known: Notice['people'] = {
    ...(permitId === null
      ? {}
      : {
          crew: () => listCrew(trx, facilityId, permitId),
          areaSupervisors: () => areaSupervisorIdsOfPermit(trx, facilityId, permitId),
        }),
    ...notice.people,
  };
  for (const relationship of relationships) {
    const people = known[relationship];
    if (people) wanted.push(...(typeof people === 'function' ? await people() : people));
  }
  wanted.push(...(await listGroupMembers(trx, facilityId, stored?.groupIds ?? [])));
  let recipients = [...new Set(wanted)].filter((id): id is number => id !== null && id !== notice.actorId);
  if (!isSafetyCritical(event)) {
    const off = await listOptedOut(trx, recipients, event);
    recipients = recipients.filter((id) => !off.has(id));
  }
  if (!recipients.length) return;
  const readers = await listReaders(trx, facilityId, recipients);
  const captionsOf = stored ? null : await captionTextsForUsers(trx, facilityId, recipients, defaults.captions);
  const actor = notice.actorId
    ? await trx.selectFrom('users').select('display_name').where('id', '=', notice.actorId).executeTakeFirst()
    : undefined;
  const permitFacts = await permitValues(trx, facilityId, notice.permitId);
  const values: NoticeValues = {
    // What the event carried (the number and title as they were) over the permit as it is now.
    ...permitFacts,
    at: wallClock(permitFacts.timeZone!)(notice.at),
    ...notice.values,
    actor: actor?.display_name ?? '',
    link: channels.publicUrl + notice.link,
  };
  const sendsInApp = (stored?.channels ?? defaults.channels).includes('inApp');
  const sendsEmail = channels.email && (stored?.channels ?? defaults.channels).includes('email');
  for (const reader of readers) {
    const text = textFor(stored?.texts, reader.language) ?? defaults.texts(captionsOf!.get(reader.id)!);
    const rendered = renderNotice(text, values, sendsEmail ? values.link! : null);
    if (sendsInApp)
      await insertNotification(
        trx,
        { userId: reader.id, facilityId },
        { title: rendered.subject, body: renderNotice(text, values, null).text, link: notice.link },
      );
    if (sendsEmail && reader.email)
      await insertEmail(trx, {
        facilityId,
        source: notice.source,
        event,
        userId: reader.id,
        to: reader.email,
        ...rendered,
      });
  }
}
