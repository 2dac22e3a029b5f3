import type { JobRetry, JobsHealth } from '@hasp/contracts';
import type { Connection } from '../../db/connections';
import { AppError } from '../../plugins/app-error';
import { readQueueHealth, type JobRunner } from '../../platform/jobs';

/** The caller's connection's queues and failed jobs, and whether this process runs that queue. */
export async function readJobsHealth(jobs: JobRunner | null, connection: Connection): Promise<JobsHealth> {
  const health = await readQueueHealth(connection.db);
  return { running: jobs?.for(connection) != null, ...health };
}

/** Runs a failed job again (pg-boss gives it one more attempt), then answers the queues as they are now. */
export async function retryFailedJob(
  jobs: JobRunner | null,
  connection: Connection,
  target: JobRetry,
): Promise<JobsHealth> {
  const queue = jobs?.for(connection);
  if (!queue) throw new AppError('CONFLICT', 409, 'The job queue is not running in this server process.');
  if (!(await queue.retry(target.queue, target.id))) throw AppError.notFound('Failed job');
  return readJobsHealth(jobs, connection);
}
