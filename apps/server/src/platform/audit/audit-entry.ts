import type { Db } from '../../db/schema';

/** One change to a record: who, what, when, where and why. */
export interface AuditEntry {
  /** Who made it (the signed-in user); null for the system (a scheduled job). */
  userId: number | null;
  /** Where: the facility, or null for a connection-wide change. Each has its own hash chain. */
  facilityId: number | null;
  /** What was done, as a verb phrase with a dot: `user.create`, `group.permissions.update`. */
  action: string;
  entityType: string;
  entityId: string | number | null;
  /** The record before the change (null when created) and after it (null when deleted). */
  before: unknown;
  after: unknown;
  /** The one field changed, when the change is about one field (a translation, a setting). */
  field?: string | null;
  /** Where from: the client's address, the signed-in device, the request. */
  address?: string | null;
  deviceId?: string | null;
  requestId?: string | null;
  /** Why, where the action asks for a reason. */
  reason?: string | null;
  /** For a change made offline: when the device made it and when it reached the server. */
  deviceTime?: Date | null;
  syncTime?: Date | null;
  /** Server time of the change (the request's clock); the database's transaction time when absent. */
  at?: Date;
}

const json = (value: unknown) => (value === null || value === undefined ? null : JSON.stringify(value));

/**
 * Records a change. Call it inside the same transaction as the change itself, so a change is never
 * stored without its audit row (and a failed change leaves no audit row). The database chains the
 * row (trigger audit_log_chain): from here until the transaction ends, other writers of the same
 * facility's chain wait, so call it after the change's own writes, near the end of the transaction.
 * @example await db.transaction().execute(async (trx) => { ...; await recordAudit(trx, { ... }); });
 */
export async function recordAudit(db: Db, entry: AuditEntry): Promise<void> {
  await db.insertInto('audit_log').values(auditRow(entry)).execute();
}

/** An entry as its audit_log row (the chain trigger adds chain, position and hashes). */
export function auditRow(entry: AuditEntry) {
  return {
    user_id: entry.userId,
    facility_id: entry.facilityId,
    action: entry.action,
    entity_type: entry.entityType,
    entity_id: entry.entityId === null ? null : String(entry.entityId),
    before: json(entry.before),
    after: json(entry.after),
    field: entry.field ?? null,
    address: entry.address ?? null,
    device_id: entry.deviceId ?? null,
    request_id: entry.requestId ?? null,
    reason: entry.reason ?? null,
    device_time: entry.deviceTime ?? null,
    sync_time: entry.syncTime ?? null,
    ...(entry.at ? { occurred_at: entry.at } : {}),
  };
}
