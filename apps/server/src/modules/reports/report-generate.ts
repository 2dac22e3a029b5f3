import {
  columnsOf,
  lockKindCaptions,
  lockStatusCaptions,
  planPointStateCaptions,
  reportColumnCaption,
  reportColumnCaptions,
  reportKindCaptions,
  tagStateCaptions,
  type Caption,
  type ReportColumn,
} from '@hasp/contracts';
import type { Connection } from '../../db/connections';
import { exportCaptions, exportWords } from '../permits';
import { readSetting } from '../settings';
import { captionTextsForUsers, type CaptionText } from '../translations';
import { reportSources, type ReportWords } from './report-data';
import { localTime, reportWriter } from './report-render';
import type { FileDefinition } from './reports.repository';
import { facilityTimeZone } from './reports.service';

const fileCaptions: Caption[] = [
  ...exportCaptions,
  ...Object.values(reportColumnCaptions),
  ...Object.values(reportKindCaptions),
  ...Object.values(tagStateCaptions),
  ...Object.values(planPointStateCaptions),
  ...Object.values(lockKindCaptions),
  ...Object.values(lockStatusCaptions),
];

const wordsOf = <K extends string>(catalog: Record<K, Caption>, text: CaptionText) =>
  Object.fromEntries(Object.entries<Caption>(catalog).map(([key, caption]) => [key, text(caption)])) as Record<
    K,
    string
  >;

/** How long a generation job may run before the queue expires it (and how long a running file may stand still). */
export const GENERATE_EXPIRY_SECONDS = 15 * 60;

/** What happened to a file: done (with its rows and whether it is to be mailed) or failed (with why). */
export type GenerateOutcome = { state: 'done'; rows: number; mail: boolean } | { state: 'failed'; error: string };

/**
 * Generates one queued file: the definition's rows, streamed from its source into the writer,
 * progress written after each batch, then the bytes. A failure is recorded on the file with its
 * reason (a refusal's own words; anything else as "could not be generated: …") and not retried:
 * the same definition over the same data fails the same way. A running file is taken over (and
 * started again) only when it has not progressed for longer than the job's expiry: a retried job
 * does not generate a file another run is still writing.
 */
export async function generateFile(
  connection: Connection,
  fileId: number,
  clock: () => Date,
  mailEnabled: boolean,
): Promise<GenerateOutcome | null> {
  const db = connection.db;
  const now = clock();
  const file = await db
    .updateTable('report_files')
    .set({ state: 'running', rows: 0, claimed_at: now })
    .where('id', '=', fileId)
    .where((eb) =>
      eb.or([
        eb('state', '=', 'queued'),
        eb.and([
          eb('state', '=', 'running'),
          eb.or([
            eb('claimed_at', 'is', null),
            eb('claimed_at', '<', new Date(now.getTime() - GENERATE_EXPIRY_SECONDS * 1000)),
          ]),
        ]),
      ]),
    )
    .returning(['facility_id', 'name', 'format', 'definition', 'recipients'])
    .executeTakeFirst();
  if (!file) return null;
  const definition = file.definition as FileDefinition;
  let rows = 0;
  try {
    const timeZone = await facilityTimeZone(db, file.facility_id);
    const texts = await captionTextsForUsers(db, file.facility_id, [definition.readerId], fileCaptions);
    const text = texts.get(definition.readerId)!;
    const words: ReportWords = {
      permit: exportWords((caption) => text(caption)),
      tagState: wordsOf(tagStateCaptions, text),
      pointState: wordsOf(planPointStateCaptions, text),
      lockKind: wordsOf(lockKindCaptions, text),
      lockStatus: wordsOf(lockStatusCaptions, text),
    };
    const columns = columnsOf(definition.kind, definition.columns) as ReportColumn[];
    const writer = reportWriter(file.format, {
      title: file.name,
      subtitle: `${text(reportKindCaptions[definition.kind])} · ${localTime(timeZone)(now)} (${timeZone})`,
      header: columns.map((c) => text(reportColumnCaption(c))),
      timeZone,
    });
    await reportSources[definition.kind](
      db,
      { facilityId: file.facility_id, filters: definition.filters, now, timeZone, words },
      async (batch) => {
        await writer.addRows(batch.map((row) => columns.map((c) => row[c] ?? null)));
        rows += batch.length;
        await db.updateTable('report_files').set({ rows, claimed_at: clock() }).where('id', '=', fileId).execute();
      },
    );
    const content = await writer.end();
    const mail = file.recipients.length > 0;
    await db
      .updateTable('report_files')
      .set({
        state: 'done',
        rows,
        content,
        size: content.length,
        finished_at: clock(),
        mail_state: mail ? (mailEnabled ? 'pending' : 'off') : 'none',
      })
      .where('id', '=', fileId)
      .execute();
    return { state: 'done', rows, mail: mail && mailEnabled };
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    const known = (error as { code?: unknown }).code === 'VALIDATION_FAILED';
    const message = known ? reason : `The report could not be generated: ${reason}`;
    await db
      .updateTable('report_files')
      .set({ state: 'failed', rows, error: message.slice(0, 1000), finished_at: clock() })
      .where('id', '=', fileId)
      .execute();
    return { state: 'failed', error: message };
  }
}

/** Days a facility keeps its files (the Settings Table's reports.keepFileDays). */
export const keepFileDays = (connection: Connection, facilityId: number) =>
  readSetting(connection.db, 'reports.keepFileDays', facilityId);
