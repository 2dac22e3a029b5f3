import {
  tagReportLinkProblem,
  tagTypes,
  type TagReportLinkRow,
  type TagReportLinks,
  type TagReportLinksInput,
} from '@hasp/contracts';
import type { Db } from '../../db/schema';
import { AppError } from '../../plugins/app-error';
import {
  deleteTagReportLink,
  listLinkablePermitTypes,
  listTagReportLinkRows,
  upsertTagReportLink,
} from './tag-report-links.repository';
import { defineCommand, type CommandRun, type FacilityTargetState } from '../../platform';
import { facilityLinksTarget, tagReportLinksPolicy } from './tag-report-links.policy';

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
 * (tag layouts for tags, permit layouts for permit types); both keys null removes a link. Links
 * left as they are record nothing.
 */
export const saveTagReportLinks = defineCommand({
  name: 'tag-report-links.save',
  target: facilityLinksTarget,
  policy: tagReportLinksPolicy['tag-report-links.save'],
  async apply({
    trx,
    ctx,
    input,
    state: { facilityId },
    ...run
  }: CommandRun<TagReportLinksInput, FacilityTargetState>): Promise<TagReportLinks> {
    const current = await listTagReportLinks(trx, facilityId);
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
    if (!changed.length) {
      run.unchanged();
      return current;
    }
    for (const link of changed) {
      if (link.layoutKey === null || link.reportKey === null) {
        await deleteTagReportLink(trx, facilityId, link.subject);
      } else {
        await upsertTagReportLink(trx, {
          facilityId,
          subject: link.subject,
          layoutKey: link.layoutKey,
          reportKey: link.reportKey,
          userId: ctx.actor.userId,
        });
      }
    }
    const about = { entityType: 'tag_report_links', entityId: facilityId };
    run.audit({
      action: 'tag-report-links.update',
      ...about,
      before: changed.map((link) => {
        const before = current.links.find((l) => l.subject === link.subject)!;
        return { subject: link.subject, layoutKey: before.layoutKey, reportKey: before.reportKey };
      }),
      after: changed,
    });
    run.event({ name: 'tag-report-links.changed', ...about, payload: { subjects: changed.map((l) => l.subject) } });
    return listTagReportLinks(trx, facilityId);
  },
});
