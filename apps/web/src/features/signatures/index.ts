/** Approvals and electronic signatures (issue 17): the permit page's Approvals section (app/ composes it). */
export { ApprovalsSection } from './components/ApprovalsSection';
export { ApprovalStagesPage } from './components/ApprovalStagesPage';
/** A signature given offline sealed to the server's key (app/ hands it to the offline source that queues it). */
export { sealSignature } from './model/seal-signature';
