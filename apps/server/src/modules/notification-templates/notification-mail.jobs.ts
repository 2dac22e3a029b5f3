import type { Connection } from '../../db/connections';
import { jobIdFromText, type JobRegistration, type Jobs } from '../../platform/jobs';
import { mailRetry, type Mailer } from '../mail';

export const NOTIFICATION_MAIL_JOB = 'notification-mail';
export const NOTIFICATION_MAIL_SWEEP_JOB = 'notification-mail-sweep';

/** One mail job per e-mail row (its ID from the row's), however often the sweep finds it queued. */
const sendMailJob = (jobs: Jobs, emailId: number) =>
  jobs.send(NOTIFICATION_MAIL_JOB, { emailId }, { id: jobIdFromText(`${NOTIFICATION_MAIL_JOB}:${emailId}`) });

/**
 * Hands queued e-mails to the queue. The consumer writes the rows in the event's delivery
 * transaction (no job can be sent inside it: the job could run before the row is committed), so
 * this sweep (every 5 s) sends one job per queued row; a row whose job is retrying is still queued
 * and its send is a no-op (same job ID while pg-boss keeps the job).
 */
export async function queueNotificationMail(jobs: Jobs): Promise<number> {
  const rows = await jobs.connection.db
    .selectFrom('notification_emails')
    .select('id')
    .where('state', '=', 'queued')
    .orderBy('created_at')
    .limit(200)
    .execute();
  for (const { id } of rows) await sendMailJob(jobs, id);
  return rows.length;
}

/**
 * Sends one queued e-mail. A refusal or an unreachable relay throws, so the queue tries again
 * (mailRetry: 6 attempts, doubling from a minute); its words are kept on the row each time, and
 * after the last attempt the row is failed: what Notification Template Manage shows administrators.
 */
export async function sendNotificationMail(
  connection: Connection,
  mailer: Mailer,
  emailId: number,
  finalAttempt: boolean,
  now: () => Date,
): Promise<void> {
  const db = connection.db;
  const row = await db
    .selectFrom('notification_emails')
    .select(['to_address', 'subject', 'text_body', 'html_body'])
    .where('id', '=', emailId)
    .where('state', '=', 'queued')
    .executeTakeFirst();
  if (!row) return;
  try {
    await mailer.send({ to: [row.to_address], subject: row.subject, text: row.text_body, html: row.html_body });
    await db
      .updateTable('notification_emails')
      .set({ state: 'sent', error: null, sent_at: now() })
      .where('id', '=', emailId)
      .execute();
  } catch (error) {
    const reason = (error instanceof Error ? error.message : String(error)).slice(0, 1000);
    await db
      .updateTable('notification_emails')
      .set(finalAttempt ? { state: 'failed', error: reason } : { error: reason })
      .where('id', '=', emailId)
      .execute();
    throw error;
  }
}

/** The notification e-mail jobs on every connection: the sweep (every 5 s) and one send per e-mail. */
export const notificationMailJobs =
  (now: () => Date, mailer: Mailer): JobRegistration =>
  async (jobs) => {
    await jobs.work<{ emailId: number }>(
      NOTIFICATION_MAIL_JOB,
      (job) =>
        sendNotificationMail(jobs.connection, mailer, job.data.emailId, job.retryCount >= mailRetry.retryLimit, now),
      mailRetry,
    );
    await jobs.work(NOTIFICATION_MAIL_SWEEP_JOB, async () => {
      await queueNotificationMail(jobs);
    });
    await jobs.schedule(NOTIFICATION_MAIL_SWEEP_JOB, '*/5 * * * * *');
  };
