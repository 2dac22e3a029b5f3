import { defineCaptions } from './define-captions';

// Captions of the job queues on the Administrator's Health tab.

export const jobsTitles = defineCaptions('Title', 'Administrator_Jobs', {
  queues: 'Job queues',
  failed: 'Failed jobs',
});

export const jobsLabels = defineCaptions('Label', 'Administrator_Jobs', {
  queuesTable: 'Job queues: jobs waiting, running and failed',
  queue: 'Queue',
  waiting: 'Waiting',
  active: 'Running',
  failed: 'Failed',
  error: 'Error',
  failedAt: 'Failed at',
  attempts: 'Attempts',
  notRunning:
    'This server process does not run the job queue of this connection, so failed jobs cannot be retried here.',
});

export const jobsButtons = defineCaptions('Button', 'Administrator_Jobs', {
  retry: 'Retry',
  retryJob: 'Retry the {{queue}} job that failed at {{when}}',
});

export const jobsMessages = defineCaptions('Message', 'Administrator_Jobs', {
  noQueues: 'No job queue has been set up yet.',
  noFailed: 'No job has failed.',
  retried: 'The job will run again.',
});
