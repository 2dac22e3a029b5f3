import { Kysely, PostgresDialect } from 'kysely';
import { dashboardWidgetKinds } from '@hasp/contracts';
import type { Database } from '../../apps/server/src/db/schema';
import { poolOf } from '../../apps/server/src/db/pools';
import { readWidget } from '../../apps/server/src/modules/dashboards/dashboard-widgets.repository';
import { typeIdsByPermission } from '../../apps/server/src/modules/permits/permit-index.repository';
import { listConnectionGrants, listUserPermissions } from '../../apps/server/src/platform/access/permission-lists';

/**
 * bench/dashboards.ts with HASP_BENCH_EXPLAIN=1: each widget read as `user` (the scope the routes
 * build) over the app's own pool, every statement it sends shown with EXPLAIN (ANALYZE, BUFFERS):
 * the plans over the bench's freshly loaded data, not a copy's.
 */
export async function explainWidgets(db: Kysely<Database>, user: string): Promise<string> {
  const pool = poolOf(db)!;
  let sent: { sql: string; parameters: readonly unknown[] }[] = [];
  const logged = new Kysely<Database>({
    dialect: new PostgresDialect({ pool }),
    log: (event) => {
      if (event.level === 'query') sent.push({ sql: event.query.sql, parameters: event.query.parameters });
    },
  });
  const { id: userId } = await db
    .selectFrom('users')
    .select('id')
    .where('user_name', '=', user)
    .executeTakeFirstOrThrow();
  const held = [
    ...(await listUserPermissions(db, { userId, facilityId: 1 })),
    ...(await listConnectionGrants(db, userId)),
  ];
  const types = await typeIdsByPermission(db, 1, new Set(held));
  const scope = {
    facilityId: 1,
    userId,
    viewTypeIds: types.view,
    approveTypeIds: types.approve,
    issueTypeIds: types.issue,
    viewsAllTypes: types.all,
    now: new Date(),
  };
  const out: string[] = [];
  for (const kind of dashboardWidgetKinds) {
    sent = [];
    await readWidget(logged, scope, kind);
    for (const statement of sent) {
      const { rows } = await pool.query<{ 'QUERY PLAN': string }>(
        `explain (analyze, buffers) ${statement.sql}`,
        statement.parameters as unknown[],
      );
      out.push(`${user} ${kind}: ${statement.sql.replace(/\s+/g, ' ')}`, ...rows.map((r) => `  ${r['QUERY PLAN']}`));
    }
  }
  return out.join('\n');
}
