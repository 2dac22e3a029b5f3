import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../../db/schema';
import { recordAudit, type AuditEntry } from './audit-entry';

/** Writes an audit row in the transaction it was handed (the record's own). */
export type AuditWriter = (entry: AuditEntry) => Promise<void>;

/**
 * Writes a record about a command in its own transaction, apart from the command: one that must
 * stay when the command rolls back (a refused signing, an offline change the server refused or
 * found in conflict), or the offline sync's record of a command applied earlier. A command's audit
 * rows are the runner's and roll back with it; a refusal's must not, so it is written here, with
 * `audit` for its rows, never in a module's own transaction. Not for a user's change: that is a
 * command.
 * @example await recordApart(db, async (trx, audit) => { await insertFailure(trx); await audit({ ... }); });
 */
export function recordApart<T>(
  db: Kysely<Database>,
  write: (trx: Transaction<Database>, audit: AuditWriter) => Promise<T>,
): Promise<T> {
  return db.transaction().execute((trx) => write(trx, (entry) => recordAudit(trx, entry)));
}

/**
 * The audit row of a call made with an API key (reads included): a record of the call, not of a
 * change, written once the answer is known and outside any command (the call's changes have their
 * own rows in their commands). One statement, so it needs no transaction of its own.
 */
export function recordCallAudit(db: Kysely<Database>, entry: AuditEntry): Promise<void> {
  return recordAudit(db, entry);
}
