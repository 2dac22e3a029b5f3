// Permits: the permit record, its lifecycle commands, the index and the history, expiry jobs and
// notices.

export { permitRoutes } from './permits.routes';
export { permitTypeInfoRoutes } from './permit-type-info.routes';
export { runPermitCommandAsSystem, type PermitSystemCommand } from './permit-system-command';
export type { PermitCommandEventPayload } from './permit-command.service';
export { permitGuardHooks, type PermitGuardPlugin } from './permit-guards';
export type { PermitRecord } from './permit.repository';
export { permitIndexRoutes, indexScopeOf } from './permit-index.routes';
export { conditions as permitIndexConditions, type IndexScope } from './permit-index.repository';
export { registerPermitNotifications } from './permit-notifications.consumer';
export { PERMIT_EXPIRING_JOB, permitExpiringJob } from './permit-expiring.job';
export { PERMIT_EXPIRY_JOB, permitExpiryJob } from './permit-expiry.job';
export { LOCK_OVERDUE_JOB, lockOverdueJob } from './lock-overdue.job';
export { createPermit } from './permit-create.service';
export { permitCommandDefinitions } from './permit-command.service';
export { PERMIT_NOTIFICATIONS_CONSUMER } from './permit-notifications.consumer';
export { listPermitApprovers } from './permit-people.repository';
export { permitContent, permitContentHash, type PermitContentPlugin } from './permit-content';
export type { PermitSigner } from './permit-signing';
export type { PermitCommandCheck } from './permit-command-checks';
/** What refuses or signs a lifecycle command besides the lifecycle's own table: each module's part, composed by the app (src/permit-lifecycle.ts). */
export { composePermitLifecycle, lifecycleGuards, type PermitLifecyclePart } from './permit-lifecycle-parts';
export type { PermitState } from './permits.policy';
export type { PermitCommandBody } from './permit-command-body';
export { findPermit } from './permit.repository';
export { readPermitHistory } from './permit-history';
export { listHandovers } from './permit-handover.repository';
export { readPermit, readPermitGuardFactsForPermits, readPermitsForPermits } from './permit-read';
export { findSectionPermit, findSectionPermits, type SectionPermit } from './section-permit.repository';
export { streamIndexRows } from './permit-index.repository';
export { cellText, exportCaptions, exportWords, type ExportWords } from './permit-export';
