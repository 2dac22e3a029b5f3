import type { Caller } from '../../platform';
import { createHash } from 'node:crypto';
import ExcelJS from 'exceljs';
import { sql } from 'kysely';
import {
  importKinds,
  importSheetNames,
  type ImportCount,
  type ImportFile,
  type ImportFileSummary,
  type ImportFormat,
  type ImportHistoryPage,
  type ImportIssue,
  type ImportKind,
} from '@hasp/contracts';
import type { Db } from '../../db/schema';
import { AppError } from '../../plugins/app-error';
import { importColumns } from './import-columns';
import { writeImportPlan } from './import-commit';
import { parseImportFile, type ParsedSheet } from './import-parse';
import { validateImport } from './import-validate';
import { escapeSpreadsheetCell, toEscapedCsv } from '../spreadsheet';
import { actorFacilityTarget, defineCommand, type CommandRun, type FacilityTargetState } from '../../platform';
import { importFileTarget, importPolicy, type ImportFileState } from './import.policy';

/** Who acts: the platform's actor, as far as this module needs it. */
const PREVIEW_ROWS = 20;

const summaryColumns = [
  'f.id',
  'f.file_name',
  'f.format',
  'f.byte_size',
  'f.status',
  'f.uploaded_at',
  'f.committed_at',
  'f.counts',
  'f.result_message',
  'u.id as user_id',
  'u.display_name',
] as const;

interface SummaryRow {
  id: number;
  file_name: string;
  format: ImportFormat;
  byte_size: number;
  status: ImportFile['status'];
  uploaded_at: Date;
  committed_at: Date | null;
  counts: unknown;
  result_message: string | null;
  user_id: number;
  display_name: string;
}

const toSummary = (r: SummaryRow): ImportFileSummary => ({
  ID: r.id,
  fileName: r.file_name,
  format: r.format,
  byteSize: r.byte_size,
  status: r.status,
  uploadedBy: { ID: r.user_id, displayName: r.display_name },
  uploadedAt: new Date(r.uploaded_at).toISOString(),
  committedAt: r.committed_at ? new Date(r.committed_at).toISOString() : null,
  counts: r.counts as ImportCount[],
  resultMessage: r.result_message,
});

export async function listImports(
  db: Db,
  facilityId: number,
  page: number,
  pageSize: number,
): Promise<ImportHistoryPage> {
  const [rows, total] = await Promise.all([
    db
      .selectFrom('asset_import_files as f')
      .innerJoin('users as u', 'u.id', 'f.uploaded_by')
      .select(summaryColumns)
      .where('f.facility_id', '=', facilityId)
      .orderBy('f.uploaded_at', 'desc')
      .orderBy('f.id', 'desc')
      .limit(pageSize)
      .offset((page - 1) * pageSize)
      .execute(),
    db
      .selectFrom('asset_import_files')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .where('facility_id', '=', facilityId)
      .executeTakeFirstOrThrow(),
  ]);
  return { items: rows.map((r) => toSummary(r)), total: Number(total.n) };
}

export async function getImport(db: Db, facilityId: number, id: number): Promise<ImportFile> {
  const row = await db
    .selectFrom('asset_import_files as f')
    .innerJoin('users as u', 'u.id', 'f.uploaded_by')
    .select(summaryColumns)
    .select([
      'f.issues',
      'f.issue_count',
      // The preview only: the first rows of each sheet, cut in SQL so 100,000 rows do not travel.
      sql<{ kind: ImportKind; columns: string[]; rows: [number, ...string[]][]; rowCount: number }[]>`(
        select coalesce(jsonb_agg(jsonb_build_object('kind', s->'kind', 'columns', s->'columns',
          'rowCount', jsonb_array_length(s->'rows'),
          'rows', coalesce((select jsonb_agg(r) from (select r from jsonb_array_elements(s->'rows') r limit ${PREVIEW_ROWS}) p), '[]'))), '[]')
        from jsonb_array_elements(f.parsed) s)`.as('preview'),
    ])
    .where('f.id', '=', id)
    .where('f.facility_id', '=', facilityId)
    .executeTakeFirst();
  if (!row) throw AppError.notFound('Import file');
  const issues = row.issues as ImportIssue[];
  return {
    ...toSummary(row),
    preview: row.preview.map((s) => ({
      kind: s.kind,
      columns: s.columns,
      rowCount: s.rowCount,
      rows: s.rows.map((r) => r.slice(1).map(String)),
    })),
    issues,
    issueCount: row.issue_count,
    issuesTruncated: row.issue_count > issues.length,
  };
}

/** An upload as its command sends it: the file, parsed before the command (no transaction waits on it). */
export interface UploadInput {
  fileName: string;
  format: ImportFormat;
  content: Buffer;
  sheets: ParsedSheet[];
}

/**
 * Stores the original file and its parsed sheets; nothing else is written until commit. The file is
 * parsed first, then `send` runs the upload command (a route's `sendCommand`, the bench's
 * `runCommand`); the answer is the stored file as it reads now.
 */
export async function uploadImport(
  db: Db,
  facilityId: number,
  bytes: Buffer,
  fileName: string,
  kind: ImportKind | undefined,
  send: (input: UploadInput) => Promise<{ ID: number }>,
): Promise<ImportFile> {
  const { format, sheets } = await parseImportFile(bytes, fileName, kind);
  const { ID } = await send({ fileName, format, content: bytes, sheets });
  return getImport(db, facilityId, ID);
}

/** Stores an uploaded file in the actor's facility: its answer is the new file's ID (the route reads it back). */
export const uploadImportFile = defineCommand({
  name: 'asset-import.upload',
  target: actorFacilityTarget,
  policy: importPolicy['asset-import.upload'],
  // The same upload is the same file under the same name: its digest, never its bytes, is hashed.
  fingerprint: (input: UploadInput) => ({
    fileName: input.fileName,
    format: input.format,
    digest: createHash('sha256').update(input.content).digest('hex'),
  }),
  async apply({ trx, ctx, input, ...run }: CommandRun<UploadInput, FacilityTargetState>) {
    const { fileName, format, content, sheets } = input;
    const inserted = await trx
      .insertInto('asset_import_files')
      .values({
        facility_id: ctx.actor.facilityId,
        file_name: fileName,
        format,
        byte_size: content.length,
        content,
        parsed: JSON.stringify(sheets),
        status: 'uploaded',
        counts: JSON.stringify(sheets.map((s) => ({ kind: s.kind, rows: s.rows.length, created: 0, updated: 0 }))),
        uploaded_by: ctx.actor.userId,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    run.audit({
      action: 'asset-import.upload',
      entityType: 'asset_import_files',
      entityId: inserted.id,
      before: null,
      after: { fileName, format, byteSize: content.length, sheets: sheets.map((s) => [s.kind, s.rows.length]) },
    });
    run.event({ name: 'asset-import.uploaded', entityType: 'asset_import_files', entityId: inserted.id });
    return { ID: inserted.id };
  },
});

async function loadParsed(db: Db, facilityId: number, id: number) {
  const row = await db
    .selectFrom('asset_import_files')
    .select(['parsed', 'status'])
    .where('id', '=', id)
    .where('facility_id', '=', facilityId)
    .executeTakeFirst();
  if (!row) throw AppError.notFound('Import file');
  if (row.status === 'committed') throw new AppError('CONFLICT', 409, 'This file has already been imported');
  return row.parsed as ParsedSheet[];
}

/** What a validation stores on its file: the report, never the plan. */
type ImportReport = Pick<Awaited<ReturnType<typeof validateImport>>, 'issues' | 'issueCount' | 'counts'>;

const saveReport = (db: Db, id: number, result: ImportReport) =>
  db
    .updateTable('asset_import_files')
    .set({
      status: result.issueCount ? 'invalid' : 'valid',
      issues: JSON.stringify(result.issues),
      issue_count: result.issueCount,
      counts: JSON.stringify(result.counts),
      result_message: result.issueCount ? `${result.issueCount} problem(s) found; nothing was imported` : null,
    })
    .where('id', '=', id)
    .execute();

/** The row-by-row report, stored with the file; writes no asset data. */
export async function validateStoredImport(db: Db, caller: Caller, id: number): Promise<ImportFile> {
  const sheets = await loadParsed(db, caller.facilityId, id);
  await saveReport(db, id, await validateImport(db, caller.facilityId, sheets));
  return getImport(db, caller.facilityId, id);
}

/** The pg error code of a unique violation: another change wrote the same number meanwhile. */
const UNIQUE_VIOLATION = '23505';

/** A commit's answer: null when written, else the report of the problems found (nothing written). */
export type CommitOutcome = { report: ImportReport } | null;

/**
 * Imports the file in one command: validated again inside it (under the tree lock, so the checks
 * hold for the write), then written with set-based statements; any problem leaves the data exactly
 * as it was. A large file is still one command: all or nothing. `send` runs the command (a route's
 * `sendCommand`, the bench's `runCommand`). A failure while writing is recorded on the file (status
 * "failed", with the reason) for the history, after the command rolled back; problems found are
 * stored as the file's report and answered 400.
 */
export async function commitImport(
  db: Db,
  facilityId: number,
  id: number,
  send: () => Promise<CommitOutcome>,
): Promise<ImportFile> {
  let outcome: CommitOutcome;
  try {
    outcome = await send();
  } catch (error) {
    if (error instanceof AppError) throw error;
    const conflict = (error as { code?: string }).code === UNIQUE_VIOLATION;
    const reason = conflict
      ? 'another change wrote the same numbers at the same time'
      : ((error as Error).message ?? 'unknown error').slice(0, 300);
    await db
      .updateTable('asset_import_files')
      .set({ status: 'failed', result_message: `The import failed and nothing was written (${reason}); try again` })
      .where('id', '=', id)
      .execute();
    if (conflict) {
      throw new AppError(
        'CONFLICT',
        409,
        'Another change wrote the same numbers at the same time; nothing was imported. Try again.',
      );
    }
    throw error;
  }
  if (outcome) {
    await saveReport(db, id, outcome.report);
    throw new AppError('VALIDATION_FAILED', 400, `${outcome.report.issueCount} problem(s) found; nothing was imported`);
  }
  return getImport(db, facilityId, id);
}

/** Writes a stored file's rows into the asset data (see `commitImport`). */
export const commitImportFile = defineCommand({
  name: 'asset-import.commit',
  target: importFileTarget,
  policy: importPolicy['asset-import.commit'],
  async apply({ trx, ctx, ...run }: CommandRun<null, ImportFileState>): Promise<CommitOutcome> {
    const facilityId = ctx.actor.facilityId;
    const id = run.state.id;
    const sheets = await loadParsed(trx, facilityId, id);
    const result = await validateImport(trx, facilityId, sheets);
    if (result.issueCount) {
      // Nothing written: the report (not the plan) is the answer, stored on the file after rollback.
      run.unchanged();
      return { report: { issues: result.issues, issueCount: result.issueCount, counts: result.counts } };
    }
    await writeImportPlan(trx, facilityId, result.plan);
    await trx
      .updateTable('asset_import_files')
      .set({
        status: 'committed',
        committed_at: sql`now()`,
        counts: JSON.stringify(result.counts),
        issues: '[]',
        issue_count: 0,
        result_message: null,
      })
      .where('id', '=', id)
      .execute();
    run.audit({
      action: 'asset-import.commit',
      entityType: 'asset_import_files',
      entityId: id,
      before: null,
      after: { counts: result.counts },
    });
    run.event({
      name: 'asset-import.committed',
      entityType: 'asset_import_files',
      entityId: id,
      payload: { counts: result.counts },
    });
    return null;
  },
});

export async function readImportOriginal(db: Db, facilityId: number, id: number) {
  const row = await db
    .selectFrom('asset_import_files')
    .select(['content', 'file_name', 'format'])
    .where('id', '=', id)
    .where('facility_id', '=', facilityId)
    .executeTakeFirst();
  if (!row) throw AppError.notFound('Import file');
  return row;
}

/**
 * The validation report as a spreadsheet (row, column, value, message per problem). The values
 * are the uploaded cells, so this is where a formula from a file would come back out: every cell
 * goes through the spreadsheet escape.
 */
export async function buildIssueReport(
  db: Db,
  facilityId: number,
  id: number,
  format: ImportFormat,
): Promise<{ file: Buffer; fileName: string }> {
  const row = await db
    .selectFrom('asset_import_files')
    .select(['issues', 'file_name'])
    .where('id', '=', id)
    .where('facility_id', '=', facilityId)
    .executeTakeFirst();
  if (!row) throw AppError.notFound('Import file');
  const rows = [
    ['sheet', 'row', 'column', 'value', 'message'],
    ...(row.issues as ImportIssue[]).map((i) => [
      importSheetNames[i.kind],
      String(i.row),
      i.column,
      i.value,
      i.message,
    ]),
  ];
  const fileName = `${row.file_name.replace(/\.(csv|xlsx)$/i, '')}-report.${format}`;
  if (format === 'csv') return { file: toEscapedCsv(rows), fileName };
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet('Report');
  for (const cells of rows) sheet.addRow(cells.map(escapeSpreadsheetCell));
  sheet.getRow(1).font = { bold: true };
  return { file: Buffer.from(await workbook.xlsx.writeBuffer()), fileName };
}

const templateRows = (kind: ImportKind) => [
  importColumns[kind].map((c) => c.name),
  importColumns[kind].map((c) => c.example),
];

/** A template: CSV for one kind, or an XLSX with one sheet per kind ('workbook': every sheet). */
export async function buildTemplate(kind: ImportKind | 'workbook', format: ImportFormat): Promise<Buffer> {
  if (format === 'csv') {
    if (kind === 'workbook') throw AppError.validation([{ field: 'format', message: 'The workbook template is XLSX' }]);
    return toEscapedCsv(templateRows(kind));
  }
  const workbook = new ExcelJS.Workbook();
  for (const k of kind === 'workbook' ? importKinds : [kind]) {
    const sheet = workbook.addWorksheet(importSheetNames[k]);
    for (const row of templateRows(k)) sheet.addRow(row.map(escapeSpreadsheetCell));
    sheet.getRow(1).font = { bold: true };
  }
  return Buffer.from(await workbook.xlsx.writeBuffer());
}
