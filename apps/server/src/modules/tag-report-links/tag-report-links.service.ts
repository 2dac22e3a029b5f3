import type { Kysely } from 'kysely';
import {
  tagReportLinkProblem,
  tagTypes,
  type TagReportLinkRow,
  type TagReportLinks,
  type TagReportLinksInput,
} from '@hasp/contracts';
import type { Database } from '../../db/schema';
import { AppError } from '../../plugins/app-error';
import { recordAudit } from '../audit';
import {
  deleteTagReportLink,
  listLinkablePermitTypes,
  listTagReportLinkRows,
  upsertTagReportLink,
} from './tag-report-links.repository';
import type { Actor } from '../../platform';

type Db = Kysely<Database>;
/** Who acts: the platform's actor, as far as this module needs it. */
type Caller = Pick<Actor, 'facilityId' | 'userId'>;

/** Every tag type, then every active permit type of the facility, each with its layout and report (or none). */
export async function listTagReportLinks(db: Db, facilityId: number): Promise<TagReportLinks> {
  const [rows, types] = await Promise.all([
    listTagReportLinkRows(db, facilityId),
    listLinkablePermitTypes(db, facilityId),
  ]);
  const linkOf = (subject: string) => {
    const row = rows.find((r) => r.subject === subject);
    return { layoutKey: row?.layout_key ?? null, reportKey: row?.report_key ?? null };
  };
  const links: TagReportLinkRow[] = [
    ...tagTypes.map((tagType) => ({
      subject: `tag:${tagType}` as const,
      tagType,
      permitType: null,
      ...linkOf(`tag:${tagType}`),
    })),
    ...types.map((type) => ({
      subject: `permit-type:${type.id}` as const,
      tagType: null,
      permitType: type,
      ...linkOf(`permit-type:${type.id}`),
    })),
  ];
  return { links };
}

/**
 * Stores the listed links after checking that each layout and report exists and fits its subject
 * (tag layouts for tags, permit layouts for permit types); both keys null removes a link. Audited.
 */
export async function saveTagReportLinks(db: Db, caller: Caller, input: TagReportLinksInput): Promise<TagReportLinks> {
  const current = await listTagReportLinks(db, caller.facilityId);
  const problems: { field: string; message: string }[] = [];
  const seen = new Set<string>();
  for (const link of input.links) {
    const field = `links.${link.subject}`;
    if (!current.links.some((l) => l.subject === link.subject) || seen.has(link.subject)) {
      problems.push({ field, message: `${link.subject} is not a tag type or permit type of this facility.` });
      continue;
    }
    seen.add(link.subject);
    if ((link.layoutKey === null) !== (link.reportKey === null)) {
      problems.push({ field, message: 'Choose both a layout and a report, or neither.' });
      continue;
    }
    if (link.layoutKey !== null && link.reportKey !== null) {
      const problem = tagReportLinkProblem(link.subject, link.layoutKey, link.reportKey);
      if (problem) problems.push({ field: `${field}.${problem.field}`, message: problem.message });
    }
  }
  if (problems.length) throw AppError.validation(problems);

  const changed = input.links.filter((link) => {
    const before = current.links.find((l) => l.subject === link.subject)!;
    return before.layoutKey !== link.layoutKey || before.reportKey !== link.reportKey;
  });
  if (!changed.length) return current;
  await db.transaction().execute(async (trx) => {
    for (const link of changed) {
      if (link.layoutKey === null || link.reportKey === null) {
        await deleteTagReportLink(trx, caller.facilityId, link.subject);
      } else {
        await upsertTagReportLink(trx, {
          facilityId: caller.facilityId,
          subject: link.subject,
          layoutKey: link.layoutKey,
          reportKey: link.reportKey,
          userId: caller.userId,
        });
      }
    }
    await recordAudit(trx, {
      userId: caller.userId,
      facilityId: caller.facilityId,
      action: 'tag-report-links.update',
      entityType: 'tag_report_links',
      entityId: caller.facilityId,
      before: changed.map((link) => {
        const before = current.links.find((l) => l.subject === link.subject)!;
        return { subject: link.subject, layoutKey: before.layoutKey, reportKey: before.reportKey };
      }),
      after: changed,
    });
  });
  return listTagReportLinks(db, caller.facilityId);
}
