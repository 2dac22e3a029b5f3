import type { Kysely } from 'kysely';
import {
  reportDefinitionProblem,
  type ReportDefinition,
  type ReportDefinitionInput,
  type ReportDefinitions,
} from '@hasp/contracts';
import type { Database } from '../../db/schema';
import { AppError } from '../../plugins/app-error';
import { recordAudit } from '../audit';
import { findDefinitionRow, listDefinitionRows, toDefinition } from './reports.repository';
import { nextRunAt } from './report-schedule';

type Db = Kysely<Database>;
export interface Caller {
  facilityId: number;
  userId: number;
  now: Date;
}

export async function facilityTimeZone(db: Db, facilityId: number): Promise<string> {
  const row = await db.selectFrom('facilities').select('time_zone').where('id', '=', facilityId).executeTakeFirst();
  return row?.time_zone ?? 'UTC';
}

export async function listDefinitions(db: Db, facilityId: number, mailEnabled: boolean): Promise<ReportDefinitions> {
  return {
    reports: (await listDefinitionRows(db, facilityId)).map(toDefinition),
    mailEnabled,
    timeZone: await facilityTimeZone(db, facilityId),
    permitTypes: await db
      .selectFrom('permit_types')
      .select(['code', 'name'])
      .where('facility_id', '=', facilityId)
      .orderBy('sort_order')
      .orderBy('name')
      .execute(),
  };
}

/**
 * The definition as stored, checked against its kind and the facility (the contract checks shapes,
 * this the fit): its columns, schedule and recipients, and that its permit type is one of ours.
 */
async function checked(db: Db, facilityId: number, input: ReportDefinitionInput) {
  const problem = reportDefinitionProblem(input);
  if (problem) throw AppError.validation([problem]);
  const code = input.filters.permitType;
  if (
    code &&
    !(await db
      .selectFrom('permit_types')
      .select('id')
      .where('facility_id', '=', facilityId)
      .where('code', '=', code)
      .executeTakeFirst())
  )
    throw AppError.validation([
      { field: 'filters.permitType', message: `The permit type ${code} does not exist in this facility` },
    ]);
  return {
    name: input.name,
    kind: input.kind,
    columns: input.columns,
    filters: JSON.stringify(input.filters),
    format: input.format,
    schedule: input.schedule ? JSON.stringify(input.schedule) : null,
    recipients: [...new Set(input.recipients.map((r) => r.toLowerCase()))],
  };
}

const nameTaken = (error: unknown) =>
  (error as { code?: string; constraint?: string }).constraint === 'report_definitions_name_ux';
const taken = (name: string) =>
  AppError.validation([{ field: 'name', message: `A report named ${name} already exists in this facility` }]);

export async function createDefinition(db: Db, caller: Caller, input: ReportDefinitionInput): Promise<ReportDefinition> {
  const values = await checked(db, caller.facilityId, input);
  const timeZone = await facilityTimeZone(db, caller.facilityId);
  try {
    return await db.transaction().execute(async (trx) => {
      const row = await trx
        .insertInto('report_definitions')
        .values({
          ...values,
          facility_id: caller.facilityId,
          next_run_at: input.schedule ? nextRunAt(input.schedule, timeZone, caller.now) : null,
          created_by: caller.userId,
          updated_by: caller.userId,
          created_at: caller.now,
          updated_at: caller.now,
        })
        .returningAll()
        .executeTakeFirstOrThrow();
      const created = toDefinition(row);
      await recordAudit(trx, {
        userId: caller.userId,
        facilityId: caller.facilityId,
        action: 'report.create',
        entityType: 'report_definition',
        entityId: row.id,
        before: null,
        after: created,
        at: caller.now,
      });
      return created;
    });
  } catch (error) {
    throw nameTaken(error) ? taken(input.name) : error;
  }
}

/** Replaces a definition whose version is still `version` (409 when someone saved it meanwhile). */
export async function updateDefinition(
  db: Db,
  caller: Caller,
  id: number,
  version: number,
  input: ReportDefinitionInput,
): Promise<ReportDefinition> {
  const values = await checked(db, caller.facilityId, input);
  const timeZone = await facilityTimeZone(db, caller.facilityId);
  try {
    return await db.transaction().execute(async (trx) => {
      const before = await findDefinitionRow(trx, caller.facilityId, id);
      if (!before) throw AppError.notFound('Report');
      const stale = () =>
        new AppError('CONFLICT', 409, 'Someone else saved this report meanwhile: reload it and make your change again');
      if (before.version !== version) throw stale();
      // The version is checked again by the update itself: a save that read the same version
      // concurrently finds no row once the first one has committed.
      const row = await trx
        .updateTable('report_definitions')
        .set({
          ...values,
          next_run_at: input.schedule ? nextRunAt(input.schedule, timeZone, caller.now) : null,
          updated_by: caller.userId,
          updated_at: caller.now,
          version: before.version + 1,
        })
        .where('id', '=', id)
        .where('version', '=', version)
        .returningAll()
        .executeTakeFirst();
      if (!row) throw stale();
      const updated = toDefinition(row);
      await recordAudit(trx, {
        userId: caller.userId,
        facilityId: caller.facilityId,
        action: 'report.update',
        entityType: 'report_definition',
        entityId: id,
        before: toDefinition(before),
        after: updated,
        at: caller.now,
      });
      return updated;
    });
  } catch (error) {
    throw nameTaken(error) ? taken(input.name) : error;
  }
}

/** Deletes a definition; its files stay (with their own copy of what they were made from) until they expire. */
export async function deleteDefinition(db: Db, caller: Caller, id: number): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const before = await findDefinitionRow(trx, caller.facilityId, id);
    if (!before) throw AppError.notFound('Report');
    await trx.deleteFrom('report_definitions').where('id', '=', id).execute();
    await recordAudit(trx, {
      userId: caller.userId,
      facilityId: caller.facilityId,
      action: 'report.delete',
      entityType: 'report_definition',
      entityId: id,
      before: toDefinition(before),
      after: null,
      at: caller.now,
    });
  });
}
