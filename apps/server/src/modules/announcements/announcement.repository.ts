import { sql } from 'kysely';
import type { Announcement, AnnouncementStatus } from '@hasp/contracts';
import type { Db } from '../../db/schema';
import type { Actor } from '../../platform';

/** The facility a query is confined to: the platform's actor's. */
export type FacilityScope = Pick<Actor, 'facilityId'>;

function baseQuery(db: Db, scope: FacilityScope, viewerId: number) {
  return db
    .selectFrom('announcements as a')
    .innerJoin('users as author', 'author.id', 'a.author_id')
    .leftJoin('announcement_acks as ack', (join) =>
      join.onRef('ack.announcement_id', '=', 'a.id').on('ack.user_id', '=', viewerId),
    )
    .select([
      'a.id',
      'a.title',
      'a.body_html',
      'a.valid_from',
      'a.valid_to',
      'a.status',
      'a.requires_ack',
      'a.created_at',
      'a.updated_at',
      'author.id as author_id',
      'author.display_name as author_name',
      'ack.acknowledged_at',
      sql<
        number[]
      >`coalesce((select array_agg(g.group_id order by g.group_id) from announcement_groups g where g.announcement_id = a.id), '{}')`.as(
        'group_ids',
      ),
    ])
    .where('a.facility_id', '=', scope.facilityId);
}

type Row = Awaited<ReturnType<ReturnType<typeof baseQuery>['executeTakeFirstOrThrow']>>;
const iso = (d: Date | null) => (d ? new Date(d).toISOString() : null);
const toAnnouncement = (r: Row): Announcement => ({
  ID: r.id,
  title: r.title,
  bodyHtml: r.body_html,
  author: { ID: r.author_id, displayName: r.author_name },
  validFrom: iso(r.valid_from)!,
  validTo: iso(r.valid_to),
  status: r.status,
  requiresAcknowledgement: r.requires_ack,
  audienceGroupIDs: r.group_ids,
  acknowledgedAt: iso(r.acknowledged_at),
  createdAt: iso(r.created_at)!,
  updatedAt: iso(r.updated_at)!,
});

/** Published, inside their validity window, and addressed to everyone or to one of the viewer's groups; newest first. */
export async function listCurrentAnnouncementsForUser(
  db: Db,
  scope: FacilityScope,
  viewerId: number,
  now: Date,
): Promise<Announcement[]> {
  const rows = await baseQuery(db, scope, viewerId)
    .where('a.status', '=', 'published')
    .where('a.valid_from', '<=', now)
    .where((eb) => eb.or([eb('a.valid_to', 'is', null), eb('a.valid_to', '>', now)]))
    .where((eb) =>
      eb.or([
        eb.not(
          eb.exists(
            eb
              .selectFrom('announcement_groups as ag')
              .select('ag.group_id')
              .whereRef('ag.announcement_id', '=', 'a.id'),
          ),
        ),
        eb.exists(
          eb
            .selectFrom('announcement_groups as ag')
            .innerJoin('user_groups as ug', 'ug.group_id', 'ag.group_id')
            .select('ag.group_id')
            .whereRef('ag.announcement_id', '=', 'a.id')
            .where('ug.user_id', '=', viewerId),
        ),
      ]),
    )
    .orderBy('a.valid_from', 'desc')
    .orderBy('a.id', 'desc')
    .execute();
  return rows.map(toAnnouncement);
}

/** Every announcement of the facility for the manager, archived ones only when asked. */
export async function listAnnouncementsForManager(
  db: Db,
  scope: FacilityScope,
  viewerId: number,
  includeArchived: boolean,
): Promise<Announcement[]> {
  let query = baseQuery(db, scope, viewerId).orderBy('a.updated_at', 'desc').orderBy('a.id', 'desc');
  if (!includeArchived) query = query.where('a.status', '!=', 'archived');
  return (await query.execute()).map(toAnnouncement);
}

export async function findAnnouncementById(
  db: Db,
  scope: FacilityScope,
  viewerId: number,
  id: number,
): Promise<Announcement | undefined> {
  const row = await baseQuery(db, scope, viewerId).where('a.id', '=', id).executeTakeFirst();
  return row && toAnnouncement(row);
}

export interface AnnouncementValues {
  title: string;
  bodyHtml: string;
  validFrom: Date;
  validTo: Date | null;
  requiresAcknowledgement: boolean;
  audienceGroupIDs: number[];
}

export async function insertAnnouncement(
  db: Db,
  scope: FacilityScope,
  authorId: number,
  values: AnnouncementValues,
): Promise<number> {
  const { id } = await db
    .insertInto('announcements')
    .values({
      facility_id: scope.facilityId,
      author_id: authorId,
      title: values.title,
      body_html: values.bodyHtml,
      valid_from: values.validFrom,
      valid_to: values.validTo,
      requires_ack: values.requiresAcknowledgement,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await replaceAnnouncementGroups(db, id, values.audienceGroupIDs);
  return id;
}

/** Locks the announcement's row until the transaction ends; undefined when the facility has no such announcement. */
export function lockAnnouncement(db: Db, scope: FacilityScope, id: number) {
  return db
    .selectFrom('announcements')
    .select(['id', 'status', 'version'])
    .where('id', '=', id)
    .where('facility_id', '=', scope.facilityId)
    .forUpdate()
    .executeTakeFirst();
}

/** Moves the announcement's version on (a command changed it); returns the new one. */
export async function bumpAnnouncementVersion(db: Db, id: number): Promise<number> {
  const row = await db
    .updateTable('announcements')
    .set((eb) => ({ version: eb('version', '+', 1) }))
    .where('id', '=', id)
    .returning('version')
    .executeTakeFirstOrThrow();
  return row.version;
}

/** Returns false when no such announcement exists in the facility. */
export async function updateAnnouncement(
  db: Db,
  scope: FacilityScope,
  id: number,
  values: AnnouncementValues,
): Promise<boolean> {
  const result = await db
    .updateTable('announcements')
    .set({
      title: values.title,
      body_html: values.bodyHtml,
      valid_from: values.validFrom,
      valid_to: values.validTo,
      requires_ack: values.requiresAcknowledgement,
      updated_at: sql`now()`,
    })
    .where('id', '=', id)
    .where('facility_id', '=', scope.facilityId)
    .where('status', '!=', 'archived')
    .executeTakeFirst();
  if (!result.numUpdatedRows) return false;
  await replaceAnnouncementGroups(db, id, values.audienceGroupIDs);
  return true;
}

async function replaceAnnouncementGroups(db: Db, id: number, groupIds: number[]): Promise<void> {
  await db.deleteFrom('announcement_groups').where('announcement_id', '=', id).execute();
  if (groupIds.length) {
    await db
      .insertInto('announcement_groups')
      .values([...new Set(groupIds)].map((group_id) => ({ announcement_id: id, group_id })))
      .execute();
  }
}

export async function setAnnouncementStatus(
  db: Db,
  scope: FacilityScope,
  id: number,
  status: AnnouncementStatus,
  extra: { validTo?: Date } = {},
): Promise<boolean> {
  const result = await db
    .updateTable('announcements')
    .set({ status, updated_at: sql`now()`, ...(extra.validTo ? { valid_to: extra.validTo } : {}) })
    .where('id', '=', id)
    .where('facility_id', '=', scope.facilityId)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/** Records the acknowledgement once; later calls keep the first time. */
export async function insertAcknowledgement(db: Db, announcementId: number, userId: number): Promise<void> {
  await db
    .insertInto('announcement_acks')
    .values({ announcement_id: announcementId, user_id: userId })
    .onConflict((oc) => oc.doNothing())
    .execute();
}

export function listAcknowledgements(db: Db, scope: FacilityScope, announcementId: number) {
  return db
    .selectFrom('announcement_acks as k')
    .innerJoin('announcements as a', 'a.id', 'k.announcement_id')
    .innerJoin('users as u', 'u.id', 'k.user_id')
    .select(['u.id', 'u.display_name', 'u.user_name', 'k.acknowledged_at'])
    .where('a.id', '=', announcementId)
    .where('a.facility_id', '=', scope.facilityId)
    .orderBy('k.acknowledged_at')
    .execute();
}

/** Groups of the facility among the given IDs (audience must stay inside the facility). */
export async function countFacilityGroups(db: Db, scope: FacilityScope, groupIds: number[]): Promise<number> {
  if (!groupIds.length) return 0;
  const row = await db
    .selectFrom('groups')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('facility_id', '=', scope.facilityId)
    .where('id', 'in', [...new Set(groupIds)])
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** The facility's groups, by name (the audience an announcement can be addressed to). */
export async function listFacilityGroups(db: Db, scope: FacilityScope): Promise<{ ID: number; name: string }[]> {
  const rows = await db
    .selectFrom('groups')
    .select(['id', 'name'])
    .where('facility_id', '=', scope.facilityId)
    .orderBy('name')
    .orderBy('id')
    .execute();
  return rows.map((r) => ({ ID: r.id, name: r.name }));
}
