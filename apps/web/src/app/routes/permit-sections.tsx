import { CrewSection } from '../../features/lockboxes';
import type { PermitSectionEntry } from '../../features/permits';

/**
 * The permit page's sections, in tab order, each from its own feature (issues 16 and 17 add them:
 * isolation plan, tags, crew, hazard analysis, questions, gas tests, approvals, attachments). One
 * line per section so parallel work merges cleanly. A section shows only when the permit's type
 * enables it.
 */
export const permitSections: readonly PermitSectionEntry[] = [
  // isolation-plan
  // tags
  // lockboxes (crew)
  { section: 'crew-sign-on', id: 'crew-sign-on', label: 'Crew', render: (permit) => <CrewSection permit={permit} /> },
];
