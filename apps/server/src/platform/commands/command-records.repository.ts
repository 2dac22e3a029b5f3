import type { Transaction } from 'kysely';
import type { Database } from '../../db/schema';
import { auditRow, type AuditEntry } from '../../modules/audit';
import { eventRow, type DomainEventInput } from '../events/record-event';

/**
 * A command's audit rows and domain events in one statement (one round trip instead of one per
 * row): the audit rows in order (the chain trigger numbers them as it would one by one), the events
 * in order, their ids returned in that order. Same transaction, same rows as recordAudit/recordEvent.
 */
export async function recordAuditsAndEvents(
  trx: Transaction<Database>,
  audits: AuditEntry[],
  events: DomainEventInput[],
): Promise<number[]> {
  if (!events.length) {
    if (audits.length) await trx.insertInto('audit_log').values(audits.map(auditRow)).execute();
    return [];
  }
  const insertEvents = audits.length
    ? trx.with('audited', (db) => db.insertInto('audit_log').values(audits.map(auditRow))).insertInto('domain_events')
    : trx.insertInto('domain_events');
  const rows = await insertEvents.values(events.map(eventRow)).returning('id').execute();
  // The rows take their ids from one sequence in the order of the values: ascending is that order.
  return rows.map((r) => Number(r.id)).sort((a, b) => a - b);
}
