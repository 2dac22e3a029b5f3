import type { RequestContext } from '../../platform';
import type { AuditEntry } from '../../platform/audit/audit-entry';

/** Who, where from and when, for the audit row of a change made in this request. */
export function auditOrigin(
  ctx: RequestContext,
): Pick<AuditEntry, 'userId' | 'facilityId' | 'address' | 'requestId' | 'at'> {
  return {
    userId: ctx.actor.userId,
    facilityId: ctx.actor.facilityId,
    address: ctx.address || null,
    requestId: ctx.requestId,
    at: ctx.now,
  };
}
