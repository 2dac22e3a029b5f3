import { permitSectionCaptions as tab } from '@hasp/contracts';
import { CrewSection } from '../../features/lockboxes';
import type { PermitSectionEntry } from '../../features/permits';
import { IsolationPlanSection } from '../../features/isolation-plan';
import { TagsSection } from '../../features/tags';
import { ApprovalsSection } from '../../features/signatures';

/**
 * The permit page's sections, in tab order, each from its own feature (issues 16 and 17 add them:
 * isolation plan, tags, crew, hazard analysis, questions, gas tests, approvals, attachments). One
 * line per section so parallel work merges cleanly. A section shows only when the permit's type
 * enables it.
 */
export const permitSections: readonly PermitSectionEntry[] = [
  {
    section: 'isolation-plan',
    id: 'isolation-plan',
    label: tab['isolation-plan'],
    render: (permit) => <IsolationPlanSection permit={permit} />,
  },
  { section: 'isolation-plan', id: 'tags', label: tab.tags, render: (permit) => <TagsSection permit={permit} /> },
  // lockboxes (crew)
  {
    section: 'crew-sign-on',
    id: 'crew-sign-on',
    label: tab['crew-sign-on'],
    render: (permit) => <CrewSection permit={permit} />,
  },
  // approvals and e-signatures: every permit
  { section: null, id: 'approvals', label: tab.approvals, render: (permit) => <ApprovalsSection permit={permit} /> },
];
