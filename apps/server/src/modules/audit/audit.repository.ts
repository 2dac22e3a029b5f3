import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../../db/schema';

type Db = Kysely<Database> | Transaction<Database>;

/** One change made through an administration screen. */
export interface AuditEntry {
  /** Who made it (the signed-in user). */
  userId: number;
  /** Where: the facility, or null for a connection-wide change. */
  facilityId: number | null;
  /** What was done, as a verb phrase with a dot: `user.create`, `group.permissions.update`. */
  action: string;
  entityType: string;
  entityId: string | number | null;
  /** The record before the change (null when created) and after it (null when deleted). */
  before: unknown;
  after: unknown;
  /**
   * Where, why and when, filled by the command runner from the request context. The audit
   * helper's migration adds their columns; until then they are accepted and not stored.
   */
  address?: string | null;
  deviceId?: string | null;
  requestId?: string | null;
  reason?: string | null;
  deviceTime?: Date | null;
  syncTime?: Date | null;
  /** Server time of the change (the app's clock); the database's now() when absent. */
  at?: Date;
}

/**
 * Records a change. Call it inside the same transaction as the change itself, so a change is never
 * stored without its audit row (and a failed change leaves no audit row).
 * @example await db.transaction().execute(async (trx) => { ...; await recordAudit(trx, { ... }); });
 */
export async function recordAudit(db: Db, entry: AuditEntry): Promise<void> {
  await db
    .insertInto('audit_log')
    .values({
      user_id: entry.userId,
      facility_id: entry.facilityId,
      action: entry.action,
      entity_type: entry.entityType,
      entity_id: entry.entityId === null ? null : String(entry.entityId),
      before: entry.before === null || entry.before === undefined ? null : JSON.stringify(entry.before),
      after: entry.after === null || entry.after === undefined ? null : JSON.stringify(entry.after),
    })
    .execute();
}
