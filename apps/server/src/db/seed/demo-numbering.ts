import type { Transaction } from 'kysely';
import type { Database } from '../schema';

/** Numbering patterns the demo shows: by permit type code, plus tags and lockboxes (others keep the default). */
const demoPatterns: { code?: string; subject?: 'tag' | 'lockbox'; pattern: string; yearlyReset: boolean }[] = [
  { code: 'LOTO', pattern: '{PREFIX}{YY}-{SEQ:5}', yearlyReset: true },
  { code: 'LTI', pattern: '{PREFIX}{FAC}-{SEQ:4}', yearlyReset: false },
  { code: 'HOT', pattern: '{PREFIX}{YYYY}{MM}-{SEQ:4}', yearlyReset: true },
  { subject: 'tag', pattern: 'T-{YYYY}-{SEQ:5}', yearlyReset: true },
  { subject: 'lockbox', pattern: 'LB-{FAC}-{SEQ:4}', yearlyReset: false },
];

/** Print layout and report of the demo's tag types and LOTO permits (Tag Report Manage). */
const demoLinks: { subject?: string; code?: string; layoutKey: string; reportKey: string }[] = [
  { subject: 'tag:lock-tag', layoutKey: 'tag-standard-3x5', reportKey: 'tag-summary' },
  { subject: 'tag:isolation-point-tag', layoutKey: 'tag-small-2x4', reportKey: 'isolation-point-list' },
  { subject: 'tag:lockbox-tag', layoutKey: 'tag-standard-3x5', reportKey: 'lockbox-contents' },
  { code: 'LOTO', layoutKey: 'permit-a4', reportKey: 'permit-full-record' },
];

/** Seeds numbering patterns and tag report links of the demo facilities. */
export async function seedDemoNumbering(trx: Transaction<Database>, facilityIds: number[]): Promise<void> {
  for (const facilityId of facilityIds) {
    const types = await trx
      .selectFrom('permit_types')
      .select(['id', 'code'])
      .where('facility_id', '=', facilityId)
      .execute();
    const subjectOf = (item: { code?: string; subject?: string }) => {
      if (item.subject) return item.subject;
      const type = types.find((t) => t.code === item.code);
      return type ? `permit-type:${type.id}` : null;
    };
    const patterns = demoPatterns.flatMap((p) => {
      const subject = subjectOf(p);
      return subject
        ? [{ facility_id: facilityId, subject, pattern: p.pattern, yearly_reset: p.yearlyReset, updated_by: null }]
        : [];
    });
    if (patterns.length) {
      await trx
        .insertInto('numbering_patterns')
        .values(patterns)
        .onConflict((oc) => oc.columns(['facility_id', 'subject']).doNothing())
        .execute();
    }
    const links = demoLinks.flatMap((l) => {
      const subject = subjectOf(l);
      return subject
        ? [{ facility_id: facilityId, subject, layout_key: l.layoutKey, report_key: l.reportKey, updated_by: null }]
        : [];
    });
    if (links.length) {
      await trx
        .insertInto('tag_report_links')
        .values(links)
        .onConflict((oc) => oc.columns(['facility_id', 'subject']).doNothing())
        .execute();
    }
  }
}
