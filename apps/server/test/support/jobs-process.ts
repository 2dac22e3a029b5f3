/**
 * A server process as far as jobs go, for jobs-processes.test.ts: the real JobRunner on the
 * database at JOBS_DB_URL, with one every-second schedule whose handler writes which process ran
 * which tick into job_probe. Prints "jobs started" when running; SIGTERM stops it cleanly (exit 0).
 */
import { sql } from 'kysely';
import { ConnectionRegistry, createKysely } from '../../src/db/connections';
import { JobRunner } from '../../src/platform/jobs';

const url = process.env.JOBS_DB_URL!;
const processName = process.env.JOBS_PROCESS_NAME!;
const db = createKysely(url, 2);
const runner = await JobRunner.start(
  new ConnectionRegistry([{ name: 'Demo', url, db }]),
  [
    async (jobs) => {
      await jobs.work<{ scheduledAt: string }>('test-tick', async (job) => {
        await sql`insert into job_probe (job_id, scheduled_at, process) values (${job.id}::uuid, ${job.data.scheduledAt}::timestamptz, ${processName})`.execute(
          db,
        );
      });
      await jobs.schedule('test-tick', '* * * * * *');
    },
  ],
  {
    settings: { pollingIntervalSeconds: 0.5 },
    onError: (message, error) => console.error(message, error),
  },
);
console.log('jobs started');
process.once('SIGTERM', () => {
  void runner
    .stop()
    .then(() => db.destroy())
    .then(() => process.exit(0));
});
