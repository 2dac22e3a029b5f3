import { permitSectionCaptions as tab } from '@hasp/contracts';
import { CrewSection } from '../../features/lockboxes';
import type { PermitSectionEntry } from '../../features/permits';
import { IsolationPlanSection } from '../../features/isolation-plan';
import { TagsSection } from '../../features/tags';
import { HazardAnalysisSection } from '../../features/hazard-analysis';

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
  // hazard analysis (issue 17 part 1)
  {
    section: 'hazard-analysis',
    id: 'hazard-analysis',
    label: tab['hazard-analysis'],
    render: (permit) => <HazardAnalysisSection permit={permit} />,
  },
  // lockboxes (crew)
  {
    section: 'crew-sign-on',
    id: 'crew-sign-on',
    label: tab['crew-sign-on'],
    render: (permit) => <CrewSection permit={permit} />,
  },
];
