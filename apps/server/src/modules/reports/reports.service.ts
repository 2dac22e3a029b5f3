import {
  reportDefinitionProblem,
  type ReportDefinition,
  type ReportDefinitionInput,
  type ReportDefinitions,
} from '@hasp/contracts';
import type { Db } from '../../db/schema';
import { AppError } from '../../plugins/app-error';
import { actorFacilityTarget, defineCommand, type CommandRun, type FacilityTargetState } from '../../platform';
import { listDefinitionRows, toDefinition, type DefinitionRow } from './reports.repository';
import { nextRunAt } from './report-schedule';
import { definitionPolicy, definitionTarget, reportCreatePolicy } from './reports.policy';

const entityType = 'report_definition';

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

/** Where the definition runs next (none without a schedule), in the facility's time zone. */
async function nextRun(db: Db, facilityId: number, input: ReportDefinitionInput, now: Date) {
  return input.schedule ? nextRunAt(input.schedule, await facilityTimeZone(db, facilityId), now) : null;
}

/** Writes a definition; a name the facility already uses is refused at `name` (the runner rolls back). */
async function saving(name: string, write: Promise<DefinitionRow>): Promise<DefinitionRow> {
  try {
    return await write;
  } catch (error) {
    throw nameTaken(error) ? taken(name) : error;
  }
}

/** Defines a report of the actor's facility. */
export const createDefinition = defineCommand({
  name: 'report.create',
  target: actorFacilityTarget,
  policy: reportCreatePolicy['report.create'],
  async apply({
    trx,
    ctx,
    input,
    ...run
  }: CommandRun<ReportDefinitionInput, FacilityTargetState>): Promise<ReportDefinition> {
    const { facilityId, userId } = ctx.actor;
    const values = await checked(trx, facilityId, input);
    const row = await saving(
      input.name,
      trx
        .insertInto('report_definitions')
        .values({
          ...values,
          facility_id: facilityId,
          next_run_at: await nextRun(trx, facilityId, input, ctx.now),
          created_by: userId,
          updated_by: userId,
          created_at: ctx.now,
          updated_at: ctx.now,
        })
        .returningAll()
        .executeTakeFirstOrThrow(),
    );
    const created = toDefinition(row);
    run.audit({ action: 'report.create', entityType, entityId: row.id, before: null, after: created });
    run.event({ name: 'report.created', entityType, entityId: row.id });
    return created;
  },
});

/** Replaces a definition (its version checked by the runner: 409 when someone saved it meanwhile). */
export const editDefinition = defineCommand({
  name: 'report.edit',
  target: definitionTarget,
  policy: definitionPolicy['report.edit'],
  async apply({
    trx,
    ctx,
    input,
    state: before,
    ...run
  }: CommandRun<ReportDefinitionInput, DefinitionRow>): Promise<ReportDefinition> {
    const { facilityId, userId } = ctx.actor;
    const values = await checked(trx, facilityId, input);
    const row = await saving(
      input.name,
      trx
        .updateTable('report_definitions')
        .set({
          ...values,
          next_run_at: await nextRun(trx, facilityId, input, ctx.now),
          updated_by: userId,
          updated_at: ctx.now,
          version: before.version + 1,
        })
        .where('id', '=', before.id)
        .returningAll()
        .executeTakeFirstOrThrow(),
    );
    const updated = toDefinition(row);
    run.audit({
      action: 'report.update',
      entityType,
      entityId: before.id,
      before: toDefinition(before),
      after: updated,
    });
    run.event({ name: 'report.changed', entityType, entityId: before.id });
    return updated;
  },
});

/** Deletes a definition; its files stay (with their own copy of what they were made from) until they expire. */
export const deleteDefinition = defineCommand({
  name: 'report.delete',
  target: definitionTarget,
  policy: definitionPolicy['report.delete'],
  async apply({ trx, state: before, ...run }: CommandRun<null, DefinitionRow>): Promise<null> {
    await trx.deleteFrom('report_definitions').where('id', '=', before.id).execute();
    run.audit({ action: 'report.delete', entityType, entityId: before.id, before: toDefinition(before), after: null });
    run.event({ name: 'report.deleted', entityType, entityId: before.id });
    return null;
  },
});
