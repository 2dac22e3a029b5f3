import * as z from 'zod/mini';
import { ID_TEXT_PATTERN } from './ids';

/*
 * Tag Report Manage: which print layout and report each tag type and each permit type uses. The
 * layouts themselves arrive with the print issue; until then these catalogues name the ones it
 * will provide, so the links can be stored and checked now.
 */

/** The tags Hasp prints. */
export const tagTypes = ['lock-tag', 'isolation-point-tag', 'lockbox-tag', 'permit-tag'] as const;
export type TagType = (typeof tagTypes)[number];

/** What a layout or a report is for. */
export type PrintTarget = 'tag' | 'permit';

export const printLayouts = [
  { key: 'tag-standard-3x5', for: 'tag' },
  { key: 'tag-small-2x4', for: 'tag' },
  { key: 'tag-large-4x6', for: 'tag' },
  { key: 'permit-a4', for: 'permit' },
  { key: 'permit-letter', for: 'permit' },
] as const satisfies readonly { key: string; for: PrintTarget }[];
export type PrintLayoutKey = (typeof printLayouts)[number]['key'];

export const printReports = [
  { key: 'tag-summary', for: 'tag' },
  { key: 'isolation-point-list', for: 'tag' },
  { key: 'lockbox-contents', for: 'tag' },
  { key: 'permit-summary', for: 'permit' },
  { key: 'permit-full-record', for: 'permit' },
] as const satisfies readonly { key: string; for: PrintTarget }[];
export type PrintReportKey = (typeof printReports)[number]['key'];

export type TagReportSubject = `tag:${TagType}` | `permit-type:${number}`;
/** A subject key: 'tag:<tag type>' or 'permit-type:<id>' (a pattern-checked string: see numberingSubjectSchema). */
export const tagReportSubjectSchema = z
  .string()
  .check(
    z.regex(
      new RegExp(`^(tag:(${tagTypes.join('|')})|permit-type:${ID_TEXT_PATTERN})$`),
      "Expected 'tag:<tag type>' or 'permit-type:<id>'",
    ),
  ) as unknown as z.ZodMiniType<TagReportSubject>;

/** What a subject prints on: tags use tag layouts and reports, permit types permit ones. */
export const printTargetOf = (subject: TagReportSubject): PrintTarget =>
  subject.startsWith('tag:') ? 'tag' : 'permit';

/** Why a link is refused (null when it fits its subject), in the words the server uses too. */
export function tagReportLinkProblem(
  subject: TagReportSubject,
  layoutKey: string,
  reportKey: string,
): { field: 'layoutKey' | 'reportKey'; message: string } | null {
  const target = printTargetOf(subject);
  const layout = printLayouts.find((l) => l.key === layoutKey);
  if (!layout || layout.for !== target) {
    return { field: 'layoutKey', message: `${layoutKey} is not a ${target} layout.` };
  }
  const report = printReports.find((r) => r.key === reportKey);
  if (!report || report.for !== target) {
    return { field: 'reportKey', message: `${reportKey} is not a ${target} report.` };
  }
  return null;
}

export const tagReportLinkRowSchema = z.object({
  subject: tagReportSubjectSchema,
  tagType: z.nullable(z.enum(tagTypes)),
  permitType: z.nullable(z.object({ id: z.int(), code: z.string(), name: z.string() })),
  /** null: not linked yet. */
  layoutKey: z.nullable(z.string()),
  reportKey: z.nullable(z.string()),
});
export type TagReportLinkRow = z.infer<typeof tagReportLinkRowSchema>;

/** GET /api/tag-report-links: every tag type, then every active permit type, with its link. */
export const tagReportLinksSchema = z.object({ links: z.array(tagReportLinkRowSchema) });
export type TagReportLinks = z.infer<typeof tagReportLinksSchema>;

/** PUT /api/tag-report-links: the listed links (null keys unlink); subjects not listed keep theirs. */
export const tagReportLinksInputSchema = z.object({
  links: z
    .array(
      z.object({
        subject: tagReportSubjectSchema,
        layoutKey: z.nullable(z.string().check(z.maxLength(60))),
        reportKey: z.nullable(z.string().check(z.maxLength(60))),
      }),
    )
    .check(z.maxLength(500)),
});
export type TagReportLinksInput = z.infer<typeof tagReportLinksInputSchema>;
