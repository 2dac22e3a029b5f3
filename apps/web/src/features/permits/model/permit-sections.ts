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
  /**
   * An outlet of the permit's route: the tab's own URL is `/Permit/Edit/:id/<outlet>` (the
   * attachments outlet, which never shows the loading overlay). Other tabs have no URL of their own.
   */
  outlet?: string;
  /**
   * A notice above the command bar (SIMOPS conflicts before Approve or Issue); `open` selects this
   * section's tab. Nothing to say: null.
   */
  notice?: (permit: Permit, open: () => void) => ReactNode;
}

/** The section whose outlet the path below `/Permit/Edit/:id/` opens (`attachments`, `attachments/7`), if any. */
export function outletSection(entries: readonly PermitSectionEntry[], rest: string): PermitSectionEntry | undefined {
  return entries.find((e) => e.outlet && (rest === e.outlet || rest.startsWith(`${e.outlet}/`)));
}

/** The entries this permit's type enables, in the given order. */
export function sectionsFor(permit: Permit, entries: readonly PermitSectionEntry[]): PermitSectionEntry[] {
  return entries.filter((entry) => entry.section === null || permit.permitType.sections.includes(entry.section));
}
