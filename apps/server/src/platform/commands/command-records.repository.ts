import type { QueryCreator, Transaction } from 'kysely';
import type { Database } from '../../db/schema';
import { auditRow, type AuditEntry } from '../audit/audit-entry';
import { eventRow, type DomainEventInput } from '../events/record-event';
import { keyRow, type StoredResponse } from './idempotency.repository';

/**
 * A command's audit rows, its stored response (idempotency key) and its domain events in one
 * statement (one round trip instead of one per row or table): the audit rows in order (the chain
 * trigger numbers them as it would one by one), the key's row, the events in order with their ids
 * returned in that order. Same transaction, same rows as recordAudit/recordEvent would write.
 */
export async function recordCommandRows(
  trx: Transaction<Database>,
  audits: AuditEntry[],
  events: DomainEventInput[],
  stored: StoredResponse | null,
): Promise<number[]> {
  // Every write but the last is a data-modifying CTE of the last one (PostgreSQL runs them all).
  let db: QueryCreator<Database> = trx;
  const last = events.length ? 'events' : stored ? 'key' : audits.length ? 'audits' : null;
  if (last === null) return [];
  if (audits.length && last !== 'audits') {
    db = db.with('audited', (q) => q.insertInto('audit_log').values(audits.map(auditRow)));
  }
  if (stored && last !== 'key') {
    db = db.with('keyed', (q) => q.insertInto('idempotency_keys').values(keyRow(stored)));
  }
  if (last === 'audits') {
    await db.insertInto('audit_log').values(audits.map(auditRow)).execute();
    return [];
  }
  if (last === 'key') {
    await db.insertInto('idempotency_keys').values(keyRow(stored!)).execute();
    return [];
  }
  const rows = await db.insertInto('domain_events').values(events.map(eventRow)).returning('id').execute();
  // The rows take their ids from one sequence in the order of the values: ascending is that order.
  return rows.map((r) => Number(r.id)).sort((a, b) => a - b);
}
