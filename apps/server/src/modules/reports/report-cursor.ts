import { CompiledQuery, type Compilable, type Kysely } from 'kysely';
import type { Database } from '../../db/schema';

/**
 * Every row of a query in batches from a server-side cursor, in one read-only transaction: the
 * report is one snapshot and memory stays at one batch whatever its size (the permit register
 * streams through the permit index's own cursor the same way).
 */
export async function streamQuery<R>(
  db: Kysely<Database>,
  query: Compilable<R>,
  onBatch: (rows: R[]) => Promise<void>,
  batchSize = 2000,
): Promise<void> {
  const compiled = query.compile();
  await db
    .transaction()
    .setAccessMode('read only')
    .execute(async (trx) => {
      await trx.executeQuery(
        CompiledQuery.raw(`declare report_rows no scroll cursor for ${compiled.sql}`, [...compiled.parameters]),
      );
      for (;;) {
        const { rows } = await trx.executeQuery<R>(CompiledQuery.raw(`fetch forward ${batchSize} from report_rows`));
        if (!rows.length) break;
        await onBatch(rows);
        if (rows.length < batchSize) break;
      }
    });
}
