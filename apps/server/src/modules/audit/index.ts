// The audit trail: the append-only, hash-chained audit log, its verification and its signed
// checkpoints outside the database.

// What other modules may use of it.

export { auditRow, type AuditEntry } from '../../platform/audit/audit-entry';
export { auditOrigin } from './audit-origin';
export { verifyAuditChains } from './verify-audit-chain';
export { AuditAnchor, checkpointFile } from './audit-anchor';
export { AuditCheckpoints, type AuditAnchorSettings } from './audit-checkpoints';
// Its services on every route module's context (declared there, so the context names no module).
import type {} from './audit.context';
