import { sql, type Selectable } from 'kysely';
import type { ReportDefinition, ReportFile, ReportFilters, ReportSchedule } from '@hasp/contracts';
import type { Db, ReportDefinitionTable } from '../../db/schema';

export type DefinitionRow = Selectable<ReportDefinitionTable>;

export function toDefinition(row: DefinitionRow): ReportDefinition {
  return {
    ID: row.id,
    name: row.name,
    kind: row.kind as ReportDefinition['kind'],
    columns: row.columns,
    filters: row.filters as ReportFilters,
    format: row.format,
    schedule: row.schedule as ReportSchedule | null,
    recipients: row.recipients,
    nextRunAt: row.next_run_at?.toISOString() ?? null,
    version: row.version,
    updatedAt: row.updated_at.toISOString(),
  };
}

export function listDefinitionRows(db: Db, facilityId: number) {
  return db
    .selectFrom('report_definitions')
    .selectAll()
    .where('facility_id', '=', facilityId)
    .orderBy(sql`lower(name)`)
    .orderBy('id')
    .execute();
}

/** A definition of the facility; `lock`: FOR UPDATE (a save or a deletion). */
export function findDefinitionRow(db: Db, facilityId: number, id: number, lock = false) {
  const query = db
    .selectFrom('report_definitions')
    .selectAll()
    .where('facility_id', '=', facilityId)
    .where('id', '=', id);
  return (lock ? query.forUpdate() : query).executeTakeFirst();
}

/** What a file is made from: the definition as it was when the file was asked for. */
export interface FileDefinition {
  kind: ReportDefinition['kind'];
  columns: string[];
  filters: ReportFilters;
  /** Whose language the file is written in: who asked, or for a schedule its definition's last editor. */
  readerId: number;
}

/** Queues a file of a definition (state queued); its generation job is sent after the commit. */
export async function insertFile(
  db: Db,
  definition: DefinitionRow,
  generatedBy: number | null,
  recipients: string[],
  now: Date,
): Promise<number> {
  const snapshot: FileDefinition = {
    kind: definition.kind as FileDefinition['kind'],
    columns: definition.columns,
    filters: definition.filters as ReportFilters,
    readerId: generatedBy ?? definition.updated_by,
  };
  const row = await db
    .insertInto('report_files')
    .values({
      facility_id: definition.facility_id,
      report_id: definition.id,
      name: definition.name,
      kind: definition.kind,
      format: definition.format,
      definition: JSON.stringify(snapshot),
      generated_by: generatedBy,
      recipients,
      created_at: now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

const fileColumns = [
  'f.id',
  'f.report_id',
  'f.name',
  'f.kind',
  'f.format',
  'f.state',
  'f.rows',
  'f.error',
  'f.generated_by',
  'u.display_name',
  'f.created_at',
  'f.finished_at',
  'f.size',
  'f.mail_state',
  'f.mail_error',
] as const;

function files(db: Db, facilityId: number) {
  return db
    .selectFrom('report_files as f')
    .leftJoin('users as u', 'u.id', 'f.generated_by')
    .select(fileColumns)
    .where('f.facility_id', '=', facilityId);
}
type FileRow = Awaited<ReturnType<ReturnType<typeof files>['execute']>>[number];

function toFile(row: FileRow, keepDays: number): ReportFile {
  return {
    ID: row.id,
    reportId: row.report_id,
    name: row.name,
    kind: row.kind as ReportFile['kind'],
    format: row.format,
    state: row.state,
    rows: row.rows,
    error: row.error,
    generatedBy: row.generated_by === null ? null : { ID: row.generated_by, displayName: row.display_name ?? '' },
    createdAt: row.created_at.toISOString(),
    finishedAt: row.finished_at?.toISOString() ?? null,
    expiresAt: new Date(row.created_at.getTime() + keepDays * 86_400_000).toISOString(),
    size: row.size,
    mail: row.mail_state,
    mailError: row.mail_error,
  };
}

/** The facility's newest files (the screen lists these; older ones expire anyway). */
export async function listFiles(db: Db, facilityId: number, keepDays: number, limit = 200): Promise<ReportFile[]> {
  return (await files(db, facilityId).orderBy('f.id', 'desc').limit(limit).execute()).map((row) =>
    toFile(row, keepDays),
  );
}

export async function findFile(
  db: Db,
  facilityId: number,
  id: number,
  keepDays: number,
): Promise<ReportFile | undefined> {
  const row = await files(db, facilityId).where('f.id', '=', id).executeTakeFirst();
  return row && toFile(row, keepDays);
}

export function findFileContent(db: Db, facilityId: number, id: number) {
  return db
    .selectFrom('report_files')
    .select(['name', 'format', 'created_at', 'content'])
    .where('facility_id', '=', facilityId)
    .where('id', '=', id)
    .where('state', '=', 'done')
    .executeTakeFirst();
}
