// The job queue (pg-boss, one per connection): what modules and the app may use. See decision 0023.
export { JobRunner, type JobRegistration, type JobRunnerOptions } from './job-runner';
export {
  defaultJobsSettings,
  type JobHandler,
  type JobRun,
  type Jobs,
  type JobsSettings,
  type RetryPolicy,
  type SendOptions,
  type WorkOptions,
} from './jobs';
export { readQueueHealth } from './queue-health.repository';
export { jobIdFromText } from './job-schedule';
