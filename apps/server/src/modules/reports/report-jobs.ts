import { reportContentTypes, reportMessages, type ReportSchedule } from '@hasp/contracts';
import type { Connection } from '../../db/connections';
import { jobIdFromText, type JobRegistration, type Jobs } from '../../platform/jobs';
import { mailRetry, type Mailer } from '../mail';
import { captionTextsForUsers } from '../translations';
import { GENERATE_EXPIRY_SECONDS, generateFile, keepFileDays } from './report-generate';
import { localTime } from './report-render';
import { insertFile } from './reports.repository';
import { nextRunAt } from './report-schedule';
import { facilityTimeZone } from './reports.service';

export const REPORT_GENERATE_JOB = 'report-generate';
export const REPORT_MAIL_JOB = 'report-mail';
export const REPORT_SCHEDULE_JOB = 'report-schedule';
export const REPORT_EXPIRY_JOB = 'report-files-expiry';

/** One generation job per file, whoever sends it (the route, the schedule, the sweep): a second send adds nothing. */
export const sendGenerate = (jobs: Jobs, fileId: number) =>
  jobs.send(REPORT_GENERATE_JOB, { fileId }, { id: jobIdFromText(`${REPORT_GENERATE_JOB}:${fileId}`), retryLimit: 2 });

/** One mail job per file (its ID from the file's), whoever sends it: the generate job or the sweep. */
export const sendMail = (jobs: Jobs, fileId: number) =>
  jobs.send(REPORT_MAIL_JOB, { fileId }, { id: jobIdFromText(`${REPORT_MAIL_JOB}:${fileId}`) });

/**
 * Queues a file for every definition whose time has come and moves its next run on, in one
 * transaction per batch (FOR UPDATE SKIP LOCKED: two processes never queue the same run). Files
 * left queued (a process died between commit and send) or running without progress for longer
 * than the generation's expiry (its process died) are sent again, and so are the mails of
 * done files still pending a minute on (the generate job failed to queue it: its retry finds the
 * file done and queues nothing); a mail job already kept under the same ID makes the send a no-op.
 */
export async function queueDueReports(jobs: Jobs, now: Date): Promise<number> {
  const db = jobs.connection.db;
  const queued = await db.transaction().execute(async (trx) => {
    const due = await trx
      .selectFrom('report_definitions')
      .selectAll()
      .where('next_run_at', '<=', now)
      .orderBy('next_run_at')
      .limit(100)
      .forUpdate()
      .skipLocked()
      .execute();
    const ids: number[] = [];
    for (const definition of due) {
      ids.push(await insertFile(trx, definition, null, definition.recipients, now));
      const timeZone = await facilityTimeZone(trx, definition.facility_id);
      await trx
        .updateTable('report_definitions')
        .set({ next_run_at: nextRunAt(definition.schedule as ReportSchedule, timeZone, now) })
        .where('id', '=', definition.id)
        .execute();
    }
    return ids;
  });
  const stranded = await db
    .selectFrom('report_files')
    .select('id')
    .where((eb) =>
      eb.or([
        eb.and([eb('state', '=', 'queued'), eb('created_at', '<', new Date(now.getTime() - 60_000))]),
        eb.and([
          eb('state', '=', 'running'),
          eb.or([
            eb('claimed_at', 'is', null),
            eb('claimed_at', '<', new Date(now.getTime() - GENERATE_EXPIRY_SECONDS * 1000)),
          ]),
        ]),
      ]),
    )
    .execute();
  for (const id of [...queued, ...stranded.map((f) => f.id)]) await sendGenerate(jobs, id);
  const unmailed = await db
    .selectFrom('report_files')
    .select('id')
    .where('state', '=', 'done')
    .where('mail_state', '=', 'pending')
    .where('finished_at', '<', new Date(now.getTime() - 60_000))
    .execute();
  for (const { id } of unmailed) await sendMail(jobs, id);
  return queued.length;
}

/** Deletes each facility's files older than its keep time (as the setting is now). */
export async function deleteExpiredFiles(connection: Connection, now: Date): Promise<number> {
  const facilities = await connection.db.selectFrom('report_files').select('facility_id').distinct().execute();
  let deleted = 0;
  for (const { facility_id: facilityId } of facilities) {
    const days = await keepFileDays(connection, facilityId);
    const result = await connection.db
      .deleteFrom('report_files')
      .where('facility_id', '=', facilityId)
      .where('created_at', '<', new Date(now.getTime() - days * 86_400_000))
      .executeTakeFirst();
    deleted += Number(result.numDeletedRows);
  }
  return deleted;
}

/**
 * E-mails a done file to its recipients. A refusal or an unreachable relay throws, so the queue
 * tries again (mailRetry); the last attempt's failure is kept on the file with the relay's words.
 */
export async function mailFile(connection: Connection, mailer: Mailer, fileId: number, finalAttempt: boolean) {
  const db = connection.db;
  const file = await db
    .selectFrom('report_files')
    .select(['facility_id', 'name', 'format', 'content', 'recipients', 'rows', 'created_at', 'finished_at', 'definition'])
    .where('id', '=', fileId)
    .where('state', '=', 'done')
    .where('mail_state', '=', 'pending')
    .executeTakeFirst();
  if (!file?.content) return;
  const readerId = (file.definition as { readerId: number }).readerId;
  const text = (await captionTextsForUsers(db, file.facility_id, [readerId], Object.values(reportMessages))).get(
    readerId,
  )!;
  const timeZone = await facilityTimeZone(db, file.facility_id);
  const at = localTime(timeZone)(file.finished_at ?? file.created_at);
  const stamp = at.replace(/[: ]/g, '-');
  try {
    await mailer.send({
      to: file.recipients,
      subject: text(reportMessages.mailSubject, { name: file.name }),
      text: text(reportMessages.mailBody, { name: file.name, at: `${at} (${timeZone})`, count: String(file.rows) }),
      attachments: [
        {
          filename: `${file.name.replace(/[^\w .-]+/g, '_')} ${stamp}.${file.format}`,
          content: file.content,
          contentType: reportContentTypes[file.format],
        },
      ],
    });
    await db.updateTable('report_files').set({ mail_state: 'sent', mail_error: null }).where('id', '=', fileId).execute();
  } catch (error) {
    const reason = (error instanceof Error ? error.message : String(error)).slice(0, 1000);
    await db
      .updateTable('report_files')
      .set(finalAttempt ? { mail_state: 'failed', mail_error: reason } : { mail_error: reason })
      .where('id', '=', fileId)
      .execute();
    throw error;
  }
}

/** The reports' jobs on every connection: generate, mail, the schedule (every 15 s) and the hourly expiry. */
export const reportJobs =
  (now: () => Date, mailer: Mailer): JobRegistration =>
  async (jobs) => {
    await jobs.work<{ fileId: number }>(
      REPORT_GENERATE_JOB,
      async (job) => {
        const outcome = await generateFile(jobs.connection, job.data.fileId, now, mailer.enabled);
        if (outcome?.state === 'done' && outcome.mail) await sendMail(jobs, job.data.fileId);
      },
      { expireInSeconds: GENERATE_EXPIRY_SECONDS },
    );
    await jobs.work<{ fileId: number }>(
      REPORT_MAIL_JOB,
      (job) => mailFile(jobs.connection, mailer, job.data.fileId, job.retryCount >= mailRetry.retryLimit),
      mailRetry,
    );
    await jobs.work(REPORT_SCHEDULE_JOB, async () => {
      await queueDueReports(jobs, now());
    });
    await jobs.schedule(REPORT_SCHEDULE_JOB, '*/15 * * * * *');
    await jobs.work(REPORT_EXPIRY_JOB, async () => {
      await deleteExpiredFiles(jobs.connection, now());
    });
    await jobs.schedule(REPORT_EXPIRY_JOB, '7 * * * *');
  };
