import type { PermitSectionEntry } from '../../features/permits';
import { TagsSection } from '../../features/tags';

/**
 * The permit page's sections, in tab order, each from its own feature (issues 16 and 17 add them:
 * isolation plan, tags, crew, hazard analysis, questions, gas tests, approvals, attachments). One
 * line per section so parallel work merges cleanly. A section shows only when the permit's type
 * enables it.
 */
export const permitSections: readonly PermitSectionEntry[] = [
  // isolation-plan
  { section: 'isolation-plan', id: 'tags', label: 'Tags', render: (permit) => <TagsSection permit={permit} /> },
  // lockboxes (crew)
];
