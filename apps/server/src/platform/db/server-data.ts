import { sql, type Kysely, type Transaction } from 'kysely';
import type { Database } from '../../db/schema';

/**
 * Writes data the server makes for itself — no user's change, nothing to audit, no event (a signing
 * seal key made on first need or rotated) — in one transaction holding the named transaction lock,
 * so two writers of the same data take turns and the second sees the first's row. A user's change is
 * a command, never this.
 * @example await writeServerData(db, 'hasp-signing-seal-keys', (trx) => insertKey(trx));
 */
export function writeServerData<T>(
  db: Kysely<Database>,
  lockName: string,
  write: (trx: Transaction<Database>) => Promise<T>,
): Promise<T> {
  return db.transaction().execute(async (trx) => {
    await sql`select pg_advisory_xact_lock(hashtext(${lockName}))`.execute(trx);
    return write(trx);
  });
}
