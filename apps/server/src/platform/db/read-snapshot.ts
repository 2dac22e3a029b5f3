import { CompiledQuery, type Compilable, type IsolationLevel, type Kysely, type Transaction } from 'kysely';
import type { Database } from '../../db/schema';

/**
 * Runs a read in one READ ONLY transaction at `isolation`: every statement of `read` sees the
 * database as of one instant (with 'repeatable read'), and PostgreSQL refuses any write in it, so a
 * read can never become a write path beside the command runner. Modules open no transaction of
 * their own; a read that needs a consistent snapshot asks for one here.
 * @example const page = await readInSnapshot(db, 'repeatable read', (trx) => readPage(trx, id));
 */
export function readInSnapshot<T>(
  db: Kysely<Database>,
  isolation: IsolationLevel,
  read: (trx: Transaction<Database>) => Promise<T>,
): Promise<T> {
  return db.transaction().setIsolationLevel(isolation).setAccessMode('read only').execute(read);
}

/**
 * Every row of a query in batches from a server-side cursor inside one read-only snapshot: an
 * export or a report is one instant's rows, and memory stays at one batch whatever its size.
 * `read committed` is enough: one statement (the cursor's) sees one snapshot.
 */
export async function streamInSnapshot<R>(
  db: Kysely<Database>,
  query: Compilable<R>,
  onBatch: (rows: R[]) => Promise<void>,
  batchSize = 2000,
): Promise<void> {
  const compiled = query.compile();
  await readInSnapshot(db, 'read committed', async (trx) => {
    await trx.executeQuery(
      CompiledQuery.raw(`declare snapshot_rows no scroll cursor for ${compiled.sql}`, [...compiled.parameters]),
    );
    for (;;) {
      const { rows } = await trx.executeQuery<R>(CompiledQuery.raw(`fetch forward ${batchSize} from snapshot_rows`));
      if (!rows.length) break;
      await onBatch(rows);
      if (rows.length < batchSize) break;
    }
  });
}
