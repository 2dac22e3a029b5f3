import { sql } from 'kysely';
import type { NotificationText } from '@hasp/contracts';
import type { Db } from '../../db/schema';
import type { NoticeValues } from './notification-render';

/** An instant on the facility's clock, "2026-12-01 14:30" (the time zone is the `timeZone` variable). */
export function wallClock(timeZone: string): (date: Date) => string {
  const format = new Intl.DateTimeFormat('sv-SE', { timeZone, dateStyle: 'short', timeStyle: 'short' });
  return (date) => format.format(date);
}

export interface TemplateRow {
  event: string;
  channels: string[];
  recipients: string[];
  groupIds: number[];
  texts: NotificationText[];
  version: number;
}

const templateColumns = ['event', 'channels', 'recipients', 'group_ids', 'texts', 'version'] as const;
const toRow = (r: {
  event: string;
  channels: string[];
  recipients: string[];
  group_ids: number[];
  texts: unknown;
  version: number;
}): TemplateRow => ({
  event: r.event,
  channels: r.channels,
  recipients: r.recipients,
  groupIds: r.group_ids,
  texts: r.texts as NotificationText[],
  version: r.version,
});

export async function listTemplateRows(db: Db, facilityId: number): Promise<TemplateRow[]> {
  const rows = await db
    .selectFrom('notification_templates')
    .select(templateColumns)
    .where('facility_id', '=', facilityId)
    .execute();
  return rows.map(toRow);
}

/** The facility's saved template of an event; `lock` holds it for a save's version check. */
export async function findTemplateRow(db: Db, facilityId: number, event: string, lock = false) {
  let query = db
    .selectFrom('notification_templates')
    .select(templateColumns)
    .where('facility_id', '=', facilityId)
    .where('event', '=', event);
  if (lock) query = query.forUpdate();
  const row = await query.executeTakeFirst();
  return row ? toRow(row) : undefined;
}

export async function upsertTemplateRow(
  db: Db,
  facilityId: number,
  userId: number,
  row: Omit<TemplateRow, 'version'>,
  now: Date,
): Promise<void> {
  const values = {
    channels: row.channels,
    recipients: row.recipients,
    group_ids: row.groupIds,
    texts: JSON.stringify(row.texts),
    updated_by: userId,
    updated_at: now,
  };
  await db
    .insertInto('notification_templates')
    .values({ facility_id: facilityId, event: row.event, ...values })
    .onConflict((oc) =>
      oc
        .columns(['facility_id', 'event'])
        .doUpdateSet({ ...values, version: sql<number>`notification_templates.version + 1` }),
    )
    .execute();
}

/**
 * The permit's crew: who is signed on to its group lockbox now (a personal lock applied to the
 * lockbox and not removed; lockboxes module, decision 0040). Read here rather than through the
 * lockboxes module, which imports permits and so this module (an import cycle).
 */
export async function listCrew(db: Db, facilityId: number, permitId: number): Promise<number[]> {
  const rows = await db
    .selectFrom('lock_applications as a')
    .innerJoin('lockboxes as b', (join) => join.onRef('b.id', '=', 'a.lockbox_id').on('b.facility_id', '=', facilityId))
    .select('a.applied_by')
    .distinct()
    .where('a.facility_id', '=', facilityId)
    .where('b.permit_id', '=', permitId)
    .where('a.removed_at', 'is', null)
    .execute();
  return rows.map((r) => r.applied_by);
}

/** Active members of these groups of the facility who may work in it. */
export async function listGroupMembers(db: Db, facilityId: number, groupIds: number[]): Promise<number[]> {
  if (!groupIds.length) return [];
  const rows = await db
    .selectFrom('user_groups')
    .innerJoin('groups', 'groups.id', 'user_groups.group_id')
    .innerJoin('users', 'users.id', 'user_groups.user_id')
    .innerJoin('user_facilities', (join) =>
      join.onRef('user_facilities.user_id', '=', 'users.id').on('user_facilities.facility_id', '=', facilityId),
    )
    .select('users.id')
    .distinct()
    .where('groups.facility_id', '=', facilityId)
    .where('groups.id', 'in', groupIds)
    .where('users.is_active', '=', true)
    .execute();
  return rows.map((r) => r.id);
}

export async function listFacilityGroups(db: Db, facilityId: number) {
  return db
    .selectFrom('groups')
    .select(['id as ID', 'name'])
    .where('facility_id', '=', facilityId)
    .orderBy('name')
    .execute();
}

/** Who of these users switched the event off for themselves. */
export async function listOptedOut(db: Db, userIds: number[], event: string): Promise<Set<number>> {
  if (!userIds.length) return new Set();
  const rows = await db
    .selectFrom('notification_opt_outs')
    .select('user_id')
    .where('user_id', 'in', userIds)
    .where('event', '=', event)
    .execute();
  return new Set(rows.map((r) => r.user_id));
}

/** Each reader's e-mail address and language (their own, else the facility's default; null: English). */
export async function listReaders(db: Db, facilityId: number, userIds: number[]) {
  if (!userIds.length) return [];
  return db
    .selectFrom('users as u')
    .leftJoin('facilities as f', (join) => join.on('f.id', '=', facilityId))
    .leftJoin('languages as l', (join) =>
      join.on('l.id', '=', sql<number>`coalesce(u.language_id, f.default_language_id)`),
    )
    .select(['u.id', 'u.email', 'l.code as language'])
    .where('u.id', 'in', userIds)
    .where('u.is_active', '=', true)
    .execute();
}

/**
 * A permit's values for a notice: its type, assets, area, people, planned times in the facility's
 * time zone. Empty (only the facility's facts) when the permit is not one of the facility's.
 */
export async function permitValues(db: Db, facilityId: number, permitId: number | null): Promise<NoticeValues> {
  const facility = await db
    .selectFrom('facilities')
    .select(['name', 'time_zone'])
    .where('id', '=', facilityId)
    .executeTakeFirstOrThrow();
  const base: NoticeValues = { facility: facility.name, timeZone: facility.time_zone };
  if (permitId === null) return base;
  const permit = await db
    .selectFrom('permits as p')
    .innerJoin('permit_types as pt', 'pt.id', 'p.permit_type_id')
    .leftJoin('areas as a', 'a.id', 'p.area_id')
    .leftJoin('users as r', 'r.id', 'p.requester_id')
    .leftJoin('users as h', 'h.id', 'p.holder_id')
    .leftJoin('users as i', 'i.id', 'p.issuer_id')
    .select([
      'p.number',
      'p.title',
      'pt.name as type',
      'a.name as area',
      'r.display_name as requester',
      'h.display_name as holder',
      'i.display_name as issuer',
      'p.planned_start',
      'p.planned_end',
    ])
    .where('p.id', '=', permitId)
    .where('p.facility_id', '=', facilityId)
    .executeTakeFirst();
  if (!permit) return base;
  const assets = await db
    .selectFrom('permit_assets as pa')
    .innerJoin('assets', 'assets.id', 'pa.asset_id')
    .select(['assets.number', 'assets.description'])
    .where('pa.permit_id', '=', permitId)
    .where('pa.facility_id', '=', facilityId)
    .orderBy('assets.number')
    .execute();
  const at = wallClock(facility.time_zone);
  return {
    ...base,
    number: permit.number,
    title: permit.title,
    type: permit.type,
    area: permit.area ?? '',
    asset: assets.map((a) => `${a.number} ${a.description}`).join(', '),
    requester: permit.requester ?? '',
    holder: permit.holder ?? '',
    issuer: permit.issuer ?? '',
    plannedStart: at(permit.planned_start),
    plannedEnd: at(permit.planned_end),
  };
}

export interface EmailRow {
  facilityId: number;
  /** What the e-mail is from, once per reader: `event:<domain event id>`, `sync:<server seq>`. */
  source: string;
  event: string;
  userId: number;
  to: string;
  subject: string;
  text: string;
  html: string;
}

/** Queues an e-mail (once per event and reader: a redelivered event adds none). */
export async function insertEmail(db: Db, row: EmailRow): Promise<void> {
  await db
    .insertInto('notification_emails')
    .values({
      facility_id: row.facilityId,
      source: row.source,
      event: row.event,
      user_id: row.userId,
      to_address: row.to,
      subject: row.subject,
      text_body: row.text,
      html_body: row.html,
    })
    .onConflict((oc) => oc.columns(['source', 'user_id']).doNothing())
    .execute();
}
