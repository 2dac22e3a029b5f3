import { sql } from 'kysely';
import type { MasterListKey } from '@hasp/contracts';
import { AppError } from '../../plugins/app-error';
import type { CommandRun } from '../../platform';

import type { RecordState, RecordTable } from './asset-records.policy';
import type { Db } from '../../db/schema';

type Run = Pick<CommandRun<unknown, RecordState>, 'trx' | 'audit' | 'event'>;

/** The event a record's change announces: its action's verb in the past (`area.update` → `area.changed`). */
export function recordEventName(action: string): string {
  const done: Record<string, string> = { create: 'created', update: 'changed', move: 'moved', photo: 'photo-replaced' };
  const dot = action.lastIndexOf('.');
  const verb = done[action.slice(dot + 1)];
  return verb ? `${action.slice(0, dot)}.${verb}` : action;
}

/** 400 when an edit does not say which version it was made from (the body's `version`). */
export function requireVersion(version: number | undefined): number {
  if (version === undefined) {
    throw AppError.validation([{ field: 'version', message: 'Version is required to edit' }]);
  }
  return version;
}

/**
 * Updates the locked row with its version and `updated_at` (the import, import-commit.ts, bumps
 * them the same way) and reports the audit row, before and after, to the command's run.
 */
export async function updateRecord(
  run: Run,
  table: RecordTable,
  before: RecordState,
  values: Record<string, unknown>,
  action: string,
): Promise<RecordState> {
  const sets = Object.entries(values).map(([column, value]) => sql`${sql.ref(column)} = ${value}`);
  const result = await sql<RecordState>`
    update ${sql.table(table)} set ${sql.join(sets)}, version = version + 1, updated_at = now()
    where id = ${before.id} returning *`.execute(run.trx);
  const after = result.rows[0]!;
  run.audit({ action, entityType: table, entityId: after.id, before, after });
  run.event({ name: recordEventName(action), entityType: table, entityId: after.id });
  return after;
}

/** Inserts a row and reports its audit row. */
export async function insertRecord(
  run: Run,
  table: RecordTable,
  values: Record<string, unknown>,
  action: string,
): Promise<RecordState> {
  const columns = Object.keys(values);
  const result = await sql<RecordState>`
    insert into ${sql.table(table)} (${sql.join(columns.map((c) => sql.ref(c)))})
    values (${sql.join(columns.map((c) => values[c]))}) returning *`.execute(run.trx);
  const after = result.rows[0]!;
  run.audit({ action, entityType: table, entityId: after.id, before: null, after });
  run.event({ name: recordEventName(action), entityType: table, entityId: after.id });
  return after;
}

/**
 * Runs a change; a duplicate number becomes a 409 naming it, with the field in `details` so a form
 * shows the message at that field.
 */
export async function uniqueOr409<T>(message: string, change: () => Promise<T>, field = 'number'): Promise<T> {
  try {
    return await change();
  } catch (error) {
    if ((error as { code?: string }).code === '23505') {
      throw new AppError('CONFLICT', 409, message, [{ field, message }]);
    }
    throw error;
  }
}

/**
 * A master-list item a record may point to: of the caller's facility and that list, and active —
 * except the one the record already has (a deactivated value stays on old records).
 */
export async function checkMasterItem(
  db: Db,
  facilityId: number,
  listKey: MasterListKey,
  itemId: number,
  field: string,
  current: number | null,
): Promise<void> {
  const item = await db
    .selectFrom('master_list_items')
    .select(['id', 'is_active'])
    .where('facility_id', '=', facilityId)
    .where('list_key', '=', listKey)
    .where('id', '=', itemId)
    .executeTakeFirst();
  if (!item || (!item.is_active && item.id !== current)) {
    throw AppError.validation([{ field, message: 'Choose a value from the list' }]);
  }
}
