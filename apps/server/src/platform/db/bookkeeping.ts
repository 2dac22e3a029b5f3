import { sql, type Kysely, type Transaction } from 'kysely';
import type { Database } from '../../db/schema';

/**
 * Writes the server's own bookkeeping in one transaction: what is nobody's change to a record, so
 * no command — nothing to audit, no version, no event, and an idempotency key would only be a
 * second token. A refresh token used up with its successor's session opened (sign-in bookkeeping,
 * recorded as auth events instead); a signing seal key made on first need or rotated. With `lock`,
 * the named transaction lock is taken first, so two writers of the same data take turns and the
 * second sees the first's row. A user's change is a command, never this.
 * @example await writeBookkeeping(db, (trx) => insertKey(trx), { lock: 'hasp-signing-seal-keys' });
 */
export function writeBookkeeping<T>(
  db: Kysely<Database>,
  write: (trx: Transaction<Database>) => Promise<T>,
  options: { lock?: string } = {},
): Promise<T> {
  return db.transaction().execute(async (trx) => {
    if (options.lock) await sql`select pg_advisory_xact_lock(hashtext(${options.lock}))`.execute(trx);
    return write(trx);
  });
}
