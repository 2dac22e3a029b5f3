import PgBoss from 'pg-boss';
import type { Connection } from '../../db/connections';
import { JobScheduler, tickJobId } from './job-schedule';

/** How a queue retries a failed job: `retryLimit` more attempts, `retryDelaySeconds` apart (doubling with backoff). */
export interface RetryPolicy {
  retryLimit?: number;
  retryDelaySeconds?: number;
  /** Each retry waits about twice as long as the one before (with jitter). */
  retryBackoff?: boolean;
}

export interface SendOptions extends RetryPolicy {
  /** A job ID; sending the same ID again while the job is kept adds nothing (returns null). */
  id?: string;
  /** Not before this many seconds from now. */
  startAfterSeconds?: number;
}

export interface WorkOptions extends RetryPolicy {
  /** How long a running attempt may take before it counts as failed (the process died). */
  expireInSeconds?: number;
}

export interface JobRun<T> {
  id: string;
  name: string;
  data: T;
  /** 0 on the first attempt. */
  retryCount: number;
}

export type JobHandler<T> = (job: JobRun<T>) => Promise<void>;

/**
 * The job queue of one connection (one PostgreSQL database). Handlers run in whichever server
 * process fetches the job first (SKIP LOCKED), so each job runs once; a process that dies mid-job
 * leaves it to expire and be retried, so handlers must tolerate running again.
 */
export interface Jobs {
  readonly connection: Connection;
  send(name: string, data: object, options?: SendOptions): Promise<string | null>;
  /**
   * Sends a job at every tick of `cron` (UTC; a leading seconds field is allowed), once per tick
   * across processes; its data is `data` plus `scheduledAt` (the tick, ISO 8601).
   */
  schedule(name: string, cron: string, data?: object): Promise<void>;
  work<T extends object>(name: string, handler: JobHandler<T>, options?: WorkOptions): Promise<void>;
  /** Runs a failed job again (one more attempt); false when it is not failed. */
  retry(name: string, id: string): Promise<boolean>;
}

/** Settings of the queue machinery (tests shorten them). */
export interface JobsSettings {
  /** How often an idle worker looks for jobs (pg-boss's minimum is 0.5 s). */
  pollingIntervalSeconds: number;
  /** Defaults of a queue whose `work` names none. */
  retry: Required<RetryPolicy>;
  /** Failed jobs stay listed (and retryable) this long before pg-boss archives them. */
  keepFailedSeconds: number;
}

export const defaultJobsSettings: JobsSettings = {
  pollingIntervalSeconds: 2,
  retry: { retryLimit: 3, retryDelaySeconds: 30, retryBackoff: true },
  keepFailedSeconds: 14 * 24 * 3600,
};

/** pg-boss's own tables live in this schema of each connection's database. */
export const JOBS_SCHEMA = 'pgboss';

/** One connection's pg-boss instance and this process's schedules on it. */
export class ConnectionJobs implements Jobs {
  private readonly boss: PgBoss;
  private readonly scheduler: JobScheduler;
  private readonly queues = new Map<string, Promise<void>>();

  constructor(
    readonly connection: Connection,
    private readonly settings: JobsSettings,
    private readonly onError: (message: string, error: unknown) => void,
  ) {
    this.boss = new PgBoss({
      connectionString: connection.url,
      schema: JOBS_SCHEMA,
      application_name: 'hasp-jobs',
      max: 3,
      // Our own scheduler (job-schedule.ts) fires at the exact tick; pg-boss's is minute-grained.
      schedule: false,
      supervise: true,
      migrate: true,
      archiveFailedAfterSeconds: settings.keepFailedSeconds,
    });
    this.boss.on('error', (error) => onError(`job queue of ${connection.name}`, error));
    this.scheduler = new JobScheduler(
      (name, data, tick) =>
        this.send(name, { ...data, scheduledAt: tick.toISOString() }, { id: tickJobId(name, tick) }),
      (message, error) => onError(message, error),
    );
  }

  /** Installs or upgrades pg-boss's schema (under its own advisory lock) and starts maintenance. */
  async start(): Promise<void> {
    await this.boss.start();
  }

  /** Stops the schedules, lets running handlers finish (up to `timeoutMs`), then closes the pool. */
  async stop(timeoutMs: number): Promise<void> {
    this.scheduler.stop();
    await this.boss.stop({ graceful: true, wait: true, timeout: timeoutMs });
  }

  async send(name: string, data: object, options: SendOptions = {}): Promise<string | null> {
    await this.queue(name);
    return this.boss.send(name, data, {
      ...(options.id ? { id: options.id } : {}),
      ...(options.startAfterSeconds ? { startAfter: options.startAfterSeconds } : {}),
      ...retryOptions(options),
    });
  }

  async schedule(name: string, cron: string, data: object = {}): Promise<void> {
    await this.queue(name);
    this.scheduler.add(name, cron, data);
  }

  async work<T extends object>(name: string, handler: JobHandler<T>, options: WorkOptions = {}): Promise<void> {
    const policy = { ...this.settings.retry, ...definedRetry(options) };
    await this.queue(name);
    // The queue keeps the policy, so jobs sent by any process (or before this worker started) get it.
    await this.boss.updateQueue(name, {
      name,
      ...retryOptions(policy),
      ...(options.expireInSeconds ? { expireInSeconds: options.expireInSeconds } : {}),
    });
    await this.boss.work<T>(
      name,
      { batchSize: 1, includeMetadata: true, pollingIntervalSeconds: this.settings.pollingIntervalSeconds },
      async ([job]) => {
        if (job) await handler({ id: job.id, name: job.name, data: job.data, retryCount: job.retryCount });
      },
    );
  }

  async retry(name: string, id: string): Promise<boolean> {
    const job = await this.boss.getJobById(name, id);
    if (job?.state !== 'failed') return false;
    await this.boss.retry(name, id);
    return true;
  }

  /** Creates the queue once per process (pg-boss needs it before send and work; idempotent in SQL). */
  private queue(name: string): Promise<void> {
    let created = this.queues.get(name);
    if (!created) {
      created = createQueueRetrying(() => this.boss.createQueue(name, { name, ...retryOptions(this.settings.retry) }));
      this.queues.set(name, created);
      // A failed creation is tried again by the next call.
      void created.catch(() => this.queues.delete(name));
    }
    return created;
  }
}

/**
 * pg-boss's queue creation, tried again when PostgreSQL picked it as a deadlock's victim: two
 * server processes starting on one database create the same queues at the same moment, and one of
 * them was aborted ("deadlock detected" while inserting into pgboss.queue) and never started.
 */
export async function createQueueRetrying(create: () => Promise<void>, attempts = 5): Promise<void> {
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await create();
    } catch (error) {
      const deadlock = (error as { code?: string } | null)?.code === '40P01';
      if (!deadlock || attempt >= attempts) throw error;
      // The other process's transaction finishes meanwhile; a short, growing pause before the retry.
      await new Promise((resolve) => setTimeout(resolve, 50 * attempt));
    }
  }
}

function definedRetry(policy: RetryPolicy): RetryPolicy {
  return Object.fromEntries(Object.entries(policy).filter(([, value]) => value !== undefined));
}

function retryOptions(policy: RetryPolicy): PgBoss.RetryOptions {
  return {
    ...(policy.retryLimit !== undefined ? { retryLimit: policy.retryLimit } : {}),
    ...(policy.retryDelaySeconds !== undefined ? { retryDelay: policy.retryDelaySeconds } : {}),
    ...(policy.retryBackoff !== undefined ? { retryBackoff: policy.retryBackoff } : {}),
  };
}
