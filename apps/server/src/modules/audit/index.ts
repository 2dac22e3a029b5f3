// What other modules may use of the audit trail.
export { auditRow, recordAudit, type AuditEntry } from './audit.repository';
export { auditOrigin } from './audit-origin';
export { verifyAuditChains } from './verify-audit-chain';
