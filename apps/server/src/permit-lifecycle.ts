import { gasTestLifecycle } from './modules/gas-tests';
import { hazardAnalysisLifecycle } from './modules/hazard-analysis';
import { isolationPlanLifecycle } from './modules/isolation-plan';
import { lockboxLifecycle } from './modules/lockboxes';
import { permitQuestionsLifecycle } from './modules/permit-questions';
import type { PermitLifecyclePart } from './modules/permits';
import { signaturesLifecycle } from './modules/signatures';
import { simopsLifecycle } from './modules/simops';

/**
 * Everything that can refuse or sign a permit's lifecycle command besides the lifecycle's own table
 * (contracts' permit-lifecycle.ts), in the order the guards and checks run. The app composes it
 * (app.ts: composePermitLifecycle); each part is in its module.
 */
export const permitLifecycleParts: readonly PermitLifecyclePart[] = [
  // Isolate: a plan with points, stored energy released, every point verified; end-test: the test's
  // points verified again; close: the area inspected, people clear, points released, nothing in place.
  isolationPlanLifecycle,
  // Close: no one signed on to the lockbox, the lockbox released.
  lockboxLifecycle,
  // Issue and revalidate: gas tests clear and fresh; accept: no failing reading stands.
  gasTestLifecycle,
  // Request, approve, issue, accept and close: their stage's questions answered; the signed request answers.
  permitQuestionsLifecycle,
  // Approve: who may sign which approval stage; the signer of approve, issue, accept, hand-over and complete-work.
  signaturesLifecycle,
  // Approve and issue: blocking SIMOPS conflicts refuse unless overridden with a signed reason.
  simopsLifecycle,
  // Request: the hazard analysis complete where the type asks for one; its lines are signed content.
  hazardAnalysisLifecycle,
];
