import type { Notification } from '@hasp/contracts';
import type { Db } from '../../db/schema';

/** Whose inbox: one user in one facility. */
export interface Inbox {
  userId: number;
  facilityId: number;
}

const columns = ['id', 'title', 'body', 'link', 'sent_date', 'seen_date'] as const;
const toNotification = (row: {
  id: number;
  title: string;
  body: string;
  link: string | null;
  sent_date: Date;
  seen_date: Date | null;
}): Notification => ({
  ID: row.id,
  title: row.title,
  body: row.body,
  link: row.link,
  sentDate: row.sent_date.toISOString(),
  seenDate: row.seen_date ? row.seen_date.toISOString() : null,
});

const inboxQuery = (db: Db, inbox: Inbox) =>
  db
    .selectFrom('notifications')
    .where('user_id', '=', inbox.userId)
    .where('facility_id', '=', inbox.facilityId)
    .where('deleted_at', 'is', null);

/** Newest first, at most `limit`. */
export async function listNotifications(
  db: Db,
  inbox: Inbox,
  unreadOnly: boolean,
  limit = 200,
): Promise<Notification[]> {
  let query = inboxQuery(db, inbox).select(columns).orderBy('sent_date', 'desc').orderBy('id', 'desc').limit(limit);
  if (unreadOnly) query = query.where('seen_date', 'is', null);
  return (await query.execute()).map(toNotification);
}

export async function countUnreadNotifications(db: Db, inbox: Inbox): Promise<number> {
  const row = await inboxQuery(db, inbox)
    .where('seen_date', 'is', null)
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

export async function findNotificationById(db: Db, inbox: Inbox, id: number): Promise<Notification | undefined> {
  const row = await inboxQuery(db, inbox).select(columns).where('id', '=', id).executeTakeFirst();
  return row && toNotification(row);
}

/** Marks one notification read (keeps the first seen date); undefined when it is not in this inbox. */
export async function markNotificationSeen(
  db: Db,
  inbox: Inbox,
  id: number,
  now: Date,
): Promise<Notification | undefined> {
  await db
    .updateTable('notifications')
    .set({ seen_date: now })
    .where('id', '=', id)
    .where('user_id', '=', inbox.userId)
    .where('facility_id', '=', inbox.facilityId)
    .where('deleted_at', 'is', null)
    .where('seen_date', 'is', null)
    .execute();
  return findNotificationById(db, inbox, id);
}

export async function markAllNotificationsSeen(db: Db, inbox: Inbox, now: Date): Promise<number> {
  const result = await db
    .updateTable('notifications')
    .set({ seen_date: now })
    .where('user_id', '=', inbox.userId)
    .where('facility_id', '=', inbox.facilityId)
    .where('deleted_at', 'is', null)
    .where('seen_date', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}

/** Removes every notification from the inbox (kept in the table, marked deleted). */
export async function deleteAllNotifications(db: Db, inbox: Inbox, now: Date): Promise<number> {
  const result = await db
    .updateTable('notifications')
    .set({ deleted_at: now })
    .where('user_id', '=', inbox.userId)
    .where('facility_id', '=', inbox.facilityId)
    .where('deleted_at', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}

/** Sends a notification; the table's trigger tells every listening server process at commit. */
export async function insertNotification(
  db: Db,
  inbox: Inbox,
  message: { title: string; body?: string; link?: string | null },
): Promise<number> {
  const row = await db
    .insertInto('notifications')
    .values({
      user_id: inbox.userId,
      facility_id: inbox.facilityId,
      title: message.title,
      body: message.body ?? '',
      link: message.link ?? null,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}
