import { sql } from 'kysely';
import type { Db } from '../../db/schema';

export function listTagReportLinkRows(db: Db, facilityId: number) {
  return db
    .selectFrom('tag_report_links')
    .select(['subject', 'layout_key', 'report_key'])
    .where('facility_id', '=', facilityId)
    .execute();
}

/** The facility's active permit types in menu order. */
export function listLinkablePermitTypes(db: Db, facilityId: number) {
  return db
    .selectFrom('permit_types')
    .select(['id', 'code', 'name'])
    .where('facility_id', '=', facilityId)
    .where('is_active', '=', true)
    .orderBy('sort_order')
    .orderBy('id')
    .execute();
}

export async function upsertTagReportLink(
  db: Db,
  link: { facilityId: number; subject: string; layoutKey: string; reportKey: string; userId: number },
): Promise<void> {
  await db
    .insertInto('tag_report_links')
    .values({
      facility_id: link.facilityId,
      subject: link.subject,
      layout_key: link.layoutKey,
      report_key: link.reportKey,
      updated_by: link.userId,
    })
    .onConflict((oc) =>
      oc.columns(['facility_id', 'subject']).doUpdateSet({
        layout_key: link.layoutKey,
        report_key: link.reportKey,
        updated_by: link.userId,
        updated_at: sql`now()`,
      }),
    )
    .execute();
}

export async function deleteTagReportLink(db: Db, facilityId: number, subject: string): Promise<void> {
  await db
    .deleteFrom('tag_report_links')
    .where('facility_id', '=', facilityId)
    .where('subject', '=', subject)
    .execute();
}
