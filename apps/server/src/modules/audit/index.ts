// What other modules may use of the audit trail.
export { auditRow, recordAudit, type AuditEntry } from './audit.repository';
export { auditOrigin } from './audit-origin';
export { verifyAuditChains } from './verify-audit-chain';
export { AuditAnchor, checkpointFile } from './audit-anchor';
export { AuditCheckpoints, type AuditAnchorSettings } from './audit-checkpoints';
