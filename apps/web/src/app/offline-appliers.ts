import type { OfflineApplier } from '../lib/offline-apply';
import { gasTestOfflineApplier } from '../features/gas-tests';
import { hazardAnalysisOfflineApplier } from '../features/hazard-analysis';
import { isolationPlanOfflineApplier } from '../features/isolation-plan';
import { lockboxOfflineApplier } from '../features/lockboxes';
import { lockOfflineApplier } from '../features/locks';
import { permitQuestionsOfflineApplier } from '../features/permit-questions';
import { permitOfflineApplier } from '../features/permits';
import { tagOfflineApplier } from '../features/tags';

/**
 * Each domain's offline rules, beside its feature, composed here for the permit page's offline
 * source: a command the page posts while offline goes to the applier of its domain (the name's
 * prefix). A new offline command of a domain needs nothing here; a new domain adds its applier.
 */
export const offlineAppliers: readonly OfflineApplier[] = [
  permitOfflineApplier,
  isolationPlanOfflineApplier,
  lockOfflineApplier,
  tagOfflineApplier,
  lockboxOfflineApplier,
  permitQuestionsOfflineApplier,
  gasTestOfflineApplier,
  hazardAnalysisOfflineApplier,
];
