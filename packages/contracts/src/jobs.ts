import * as z from 'zod/mini';

/*
 * The job queue of a connection as the Administrator's health tab shows it: how many jobs wait,
 * run and failed per queue, the failed jobs themselves, and running one again.
 */

/** Queue names as the server registers them (letters, digits, '-' and '_'). */
const queueName = z.string().check(z.minLength(1), z.maxLength(100), z.regex(/^[\w-]+$/));

export const jobQueueSchema = z.object({
  name: queueName,
  waiting: z.int().check(z.describe('Jobs not started yet, including those waiting for a retry')),
  active: z.int().check(z.describe('Jobs a server process is running now')),
  failed: z.int().check(z.describe('Jobs that used up their attempts (kept two weeks)')),
});
export type JobQueue = z.infer<typeof jobQueueSchema>;

export const failedJobSchema = z.object({
  id: z.string(),
  queue: queueName,
  error: z.string().check(z.describe('The message of the last attempt’s error')),
  failedAt: z.string(),
  attempts: z.int(),
});
export type FailedJob = z.infer<typeof failedJobSchema>;

export const JOBS_FAILED_LIST_MAX = 50;

export const jobsHealthSchema = z.object({
  running: z.boolean().check(z.describe('Whether this server process runs the queue of the caller’s connection')),
  queues: z.array(jobQueueSchema),
  failed: z
    .array(failedJobSchema)
    .check(z.describe(`The most recent failed jobs, newest first (at most ${JOBS_FAILED_LIST_MAX})`)),
});
export type JobsHealth = z.infer<typeof jobsHealthSchema>;

export const jobRetrySchema = z.object({ queue: queueName, id: z.uuid() });
export type JobRetry = z.infer<typeof jobRetrySchema>;
