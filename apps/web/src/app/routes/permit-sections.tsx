import { permitSectionCaptions as tab } from '@hasp/contracts';
import { CrewSection } from '../../features/lockboxes';
import type { PermitSectionEntry } from '../../features/permits';
import { IsolationPlanSection } from '../../features/isolation-plan';
import { PermitQuestionsSection } from '../../features/permit-questions';
import { TagsSection } from '../../features/tags';
import { AttachmentsSection } from '../../features/attachments';
import { GasTestsSection } from '../../features/gas-tests';
import { ApprovalsSection } from '../../features/signatures';
import { HazardAnalysisSection } from '../../features/hazard-analysis';
import { SimopsNotice, SimopsSection } from '../../features/simops';

/**
 * The permit page's sections, in tab order (product.md's: hazard analysis, isolation plan, tags,
 * questions, crew, gas tests, approvals, attachments), each from its own feature. One entry per
 * section so parallel work merges cleanly. A section shows only when the permit's type
 * enables it.
 */
export const permitSections: readonly PermitSectionEntry[] = [
  // hazard analysis
  {
    section: 'hazard-analysis',
    id: 'hazard-analysis',
    label: tab['hazard-analysis'],
    render: (permit) => <HazardAnalysisSection permit={permit} />,
  },
  {
    section: 'isolation-plan',
    id: 'isolation-plan',
    label: tab['isolation-plan'],
    render: (permit) => <IsolationPlanSection permit={permit} />,
  },
  { section: 'isolation-plan', id: 'tags', label: tab.tags, render: (permit) => <TagsSection permit={permit} /> },
  // permit-questions (the checklist questions by stage)
  {
    section: 'questions',
    id: 'questions',
    label: tab.questions,
    render: (permit) => <PermitQuestionsSection permit={permit} />,
  },
  // lockboxes (crew)
  {
    section: 'crew-sign-on',
    id: 'crew-sign-on',
    label: tab['crew-sign-on'],
    render: (permit) => <CrewSection permit={permit} />,
  },
  {
    section: 'gas-tests',
    id: 'gas-tests',
    label: tab['gas-tests'],
    render: (permit) => <GasTestsSection permit={permit} />,
  },
  // SIMOPS conflicts (decision 0098): every permit; its notice shows above the command bar
  {
    section: null,
    id: 'simops',
    label: tab.simops,
    render: (permit) => <SimopsSection permit={permit} />,
    notice: (permit, open) => <SimopsNotice permit={permit} open={open} />,
  },
  // approvals and e-signatures: every permit
  { section: null, id: 'approvals', label: tab.approvals, render: (permit) => <ApprovalsSection permit={permit} /> },
  // attachments: every permit; its tab is the attachments outlet /Permit/Edit/:id/attachments (no loading overlay)
  {
    section: null,
    id: 'attachments',
    outlet: 'attachments',
    label: tab.attachments,
    render: (permit) => <AttachmentsSection permit={permit} />,
  },
];
