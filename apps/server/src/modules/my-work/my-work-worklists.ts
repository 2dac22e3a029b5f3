import { sql, type Kysely } from 'kysely';
import * as z from 'zod/mini';
import { permitIndexFilterSchema, type PermitWorklist } from '@hasp/contracts';
import type { Database } from '../../db/schema';
import { permitIndexConditions, type IndexScope } from '../permits';

/**
 * How many permits wait on each worklist, counted through the permit index's own WHERE so the
 * number and the list it opens agree (as the dashboard's widgets do, decision 0075). One statement.
 */
export async function countWorklists(
  db: Kysely<Database>,
  scope: IndexScope,
  lists: readonly PermitWorklist[],
): Promise<{ view: PermitWorklist; count: number }[]> {
  if (!lists.length) return [];
  const columns = lists.map((view, i) => {
    const where = permitIndexConditions(scope, z.parse(permitIndexFilterSchema, { view }));
    return sql`(select count(*) from permits p where ${sql.join(where, sql` and `)}) as ${sql.ref(`n${i}`)}`;
  });
  const { rows } = await sql<Record<string, string>>`select ${sql.join(columns)}`.execute(db);
  return lists.map((view, i) => ({ view, count: Number(rows[0]![`n${i}`]) }));
}
