import { sql, type Kysely } from 'kysely';
import { JOBS_FAILED_LIST_MAX, type FailedJob, type JobQueue } from '@hasp/contracts';
import { JOBS_SCHEMA } from './jobs';

/**
 * Reads pg-boss's tables directly (pg-boss has no call that lists failed jobs). Works in any
 * process, whether or not it runs the queue, as long as the schema was installed once.
 */
export async function readQueueHealth<DB>(db: Kysely<DB>): Promise<{ queues: JobQueue[]; failed: FailedJob[] }> {
  const installed = await sql<{
    found: string | null;
  }>`select to_regclass(${`${JOBS_SCHEMA}.job`})::text as found`.execute(db);
  if (!installed.rows[0]?.found) return { queues: [], failed: [] };
  const schema = sql.id(JOBS_SCHEMA);
  // pg-boss's own queues (its internal cron relay) start with "__pgboss"; they are not ours to show.
  const queues = await sql<JobQueue>`
    select q.name,
      count(j.id) filter (where j.state in ('created', 'retry'))::int as waiting,
      count(j.id) filter (where j.state = 'active')::int as active,
      count(j.id) filter (where j.state = 'failed')::int as failed
    from ${schema}.queue q left join ${schema}.job j on j.name = q.name
    where q.name not like '\\_\\_pgboss%'
    group by q.name
    order by q.name`.execute(db);
  const failed = await sql<{ id: string; queue: string; error: string | null; failedAt: Date; attempts: number }>`
    select id::text, name as queue, coalesce(output ->> 'message', output::text) as error,
      completed_on as "failedAt", retry_count + 1 as attempts
    from ${schema}.job
    where state = 'failed' and name not like '\\_\\_pgboss%'
    order by completed_on desc, id
    limit ${JOBS_FAILED_LIST_MAX}`.execute(db);
  return {
    queues: queues.rows,
    failed: failed.rows.map((row) => ({ ...row, error: row.error ?? '', failedAt: row.failedAt.toISOString() })),
  };
}
