import type { Connection, ConnectionRegistry } from '../../db/connections';
import { ConnectionJobs, defaultJobsSettings, type Jobs, type JobsSettings } from './jobs';

export interface JobRunnerOptions {
  settings?: Partial<JobsSettings>;
  /** How long stop() lets running handlers finish. */
  stopTimeoutMs?: number;
  onError: (message: string, error: unknown) => void;
}

/** What a module registers on every connection's queue when the server starts. */
export type JobRegistration = (jobs: Jobs) => Promise<void>;

/** The job queues of every connection of this server process. */
export class JobRunner {
  private constructor(
    private readonly byName: Map<string, ConnectionJobs>,
    private readonly stopTimeoutMs: number,
  ) {}

  /** Starts one queue per connection (each connection is its own database), then the registrations on each. */
  static async start(
    registry: ConnectionRegistry,
    registrations: JobRegistration[],
    options: JobRunnerOptions,
  ): Promise<JobRunner> {
    const settings = { ...defaultJobsSettings, ...options.settings };
    const byName = new Map<string, ConnectionJobs>();
    const runner = new JobRunner(byName, options.stopTimeoutMs ?? 10_000);
    try {
      for (const connection of registry.all()) {
        const jobs = new ConnectionJobs(connection, settings, options.onError);
        await jobs.start();
        byName.set(connection.name.toLowerCase(), jobs);
        for (const register of registrations) await register(jobs);
      }
    } catch (error) {
      await runner.stop();
      throw error;
    }
    return runner;
  }

  /** The queue of a connection (null when it is not one of this server's). */
  for(connection: Connection): Jobs | null {
    return this.byName.get(connection.name.toLowerCase()) ?? null;
  }

  async stop(): Promise<void> {
    const all = [...this.byName.values()];
    this.byName.clear();
    await Promise.all(all.map((jobs) => jobs.stop(this.stopTimeoutMs)));
  }
}
