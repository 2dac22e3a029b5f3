// What other modules may use of the audit trail.
export { auditRow, recordAudit, type AuditEntry } from './audit.repository';
export { verifyAuditChains } from './verify-audit-chain';
