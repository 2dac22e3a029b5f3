/** Approvals and electronic signatures (issue 17): the permit page's Approvals section (app/ composes it). */
export { ApprovalsSection } from './components/ApprovalsSection';
export { ApprovalStagesPage } from './components/ApprovalStagesPage';
