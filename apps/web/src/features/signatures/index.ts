// Approvals and electronic signatures: the permit page's Approvals section and the approval stages
// screen.

// app/ composes them.

export { ApprovalsSection } from './components/ApprovalsSection';
export { ApprovalStagesPage } from './components/ApprovalStagesPage';
/** A signature given offline sealed to the server's key (app/ hands it to the offline source that queues it). */
export { sealSignature } from './model/seal-signature';
