import { printLayouts, printReports, printTargetOf, type TagReportLinkRow, type TagReportLinks } from '@hasp/contracts';

export interface LinkDraft {
  layoutKey: string | null;
  reportKey: string | null;
}

export const draftOf = (saved: TagReportLinks): Record<string, LinkDraft> =>
  Object.fromEntries(saved.links.map((l) => [l.subject, { layoutKey: l.layoutKey, reportKey: l.reportKey }]));

/** The layouts and reports a subject may use: tag ones for tags, permit ones for permit types. */
export function choicesFor(row: TagReportLinkRow) {
  const target = printTargetOf(row.subject);
  return {
    layouts: printLayouts.filter((l) => l.for === target).map((l) => l.key),
    reports: printReports.filter((r) => r.for === target).map((r) => r.key),
  };
}

/** A link with one key chosen and the other not cannot be saved. */
export const isHalfLinked = (draft: LinkDraft): boolean => (draft.layoutKey === null) !== (draft.reportKey === null);

export function changedLinks(saved: TagReportLinks, draft: Record<string, LinkDraft>) {
  return saved.links
    .filter((l) => {
      const d = draft[l.subject];
      return d !== undefined && (d.layoutKey !== l.layoutKey || d.reportKey !== l.reportKey);
    })
    .map((l) => ({ subject: l.subject, ...draft[l.subject]! }));
}
