import type { Kysely } from 'kysely';
import type {
  GasTestsView,
  HazardAnalysis,
  IsolationPlan,
  LockboxView,
  Permit,
  PermitApprovals,
  PermitHandover,
  PermitHistoryEntry,
  PermitQuestions,
} from '@hasp/contracts';
import type { Database } from '../../db/schema';
import type { Actor } from '../../platform';
import { findFacilityProfile } from '../facility-profile';
import { readGasTestsSection } from '../gas-tests';
import { readHazardAnalysisSection } from '../hazard-analysis';
import { readIsolationPlanSection } from '../isolation-plan';
import { readLockboxSection } from '../lockboxes';
import { readPermitQuestionsSection } from '../permit-questions';
import { listHandovers, readPermit, readPermitHistory } from '../permits';
import { readSignaturesSection } from '../signatures';

export interface PermitPrintViewer {
  actor: Actor;
  permissions: ReadonlySet<string>;
  now: Date;
}

/**
 * Everything the job-site copy prints, each section exactly as its own GET route answers it (read
 * through the section modules' readers: one truth for screen, offline copy and paper). A section
 * the permit's type does not use is null.
 */
export interface PermitPrint {
  facility: { name: string; timeZone: string };
  permit: Permit;
  plan: IsolationPlan | null;
  crew: LockboxView | null;
  hazards: HazardAnalysis | null;
  gasTests: GasTestsView | null;
  questions: PermitQuestions | null;
  approvals: PermitApprovals;
  /** The permit's history as its History tab shows it: who did what and when, isolation steps included. */
  history: PermitHistoryEntry[];
  /** The shift handovers ((f)(4)), oldest first: each one's notes and its acknowledgment. */
  handovers: PermitHandover[];
}

/**
 * The permit of the viewer's facility with its sections, for a viewer already allowed to view its
 * type (the route checks `permit:view:<CODE>`); undefined when the facility has no such permit.
 */
export async function readPermitPrint(
  db: Kysely<Database>,
  viewer: PermitPrintViewer,
  permitId: number,
): Promise<PermitPrint | undefined> {
  const permit = await readPermit(db, viewer, permitId);
  if (!permit) return undefined;
  // One after another: a print is one user's request, and it leaves the pool's other connections to others.
  const facility = await findFacilityProfile(db, viewer.actor.facilityId);
  const plan = await readIsolationPlanSection(db, viewer, permitId);
  const crew = await readLockboxSection(db, viewer, permitId);
  const hazards = await readHazardAnalysisSection(db, viewer, permitId);
  const gasTests = await readGasTestsSection(db, viewer, permitId);
  const questions = await readPermitQuestionsSection(db, viewer, permitId);
  const approvals = await readSignaturesSection(db, viewer, permitId);
  const history = await readPermitHistory(db, viewer.actor.facilityId, permitId);
  const handovers = await listHandovers(db, viewer.actor.facilityId, permitId);
  if (!facility || !approvals) return undefined;
  return {
    facility: { name: facility.name, timeZone: facility.timeZone },
    permit,
    plan,
    crew,
    hazards,
    gasTests,
    questions,
    approvals,
    history,
    handovers,
  };
}
