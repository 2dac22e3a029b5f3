import type { ReactNode } from 'react';
import type { Caption, Permit, PermitSection } from '@hasp/contracts';

/**
 * A section of the permit page that another feature brings (isolation plan, tags, crew, hazard
 * analysis, ...). Features never import each other, so app/ composes the list and hands it to
 * `PermitEdit`; the page shows a section as a tab only when the permit's type enables it (never a
 * placeholder for one that has not arrived).
 */
export interface PermitSectionEntry {
  /** The permit-type section that switches it on; null: every permit has it (approvals, attachments). */
  section: PermitSection | null;
  /** Tab value and id: unique on the page. */
  id: string;
  /** The tab's caption (contracts' permitSectionCaptions). */
  label: Caption;
  render: (permit: Permit) => ReactNode;
}

/** The entries this permit's type enables, in the given order. */
export function sectionsFor(permit: Permit, entries: readonly PermitSectionEntry[]): PermitSectionEntry[] {
  return entries.filter((entry) => entry.section === null || permit.permitType.sections.includes(entry.section));
}
