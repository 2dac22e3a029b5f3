import { sql, type Transaction } from 'kysely';
import type { MasterListKey } from '@hasp/contracts';
import type { Database } from '../../db/schema';
import { AppError } from '../../plugins/app-error';
import { recordAudit } from '../audit';
import type { Db } from './asset-tree.repository';

export interface Caller {
  facilityId: number;
  userId: number;
}

type VersionedTable = 'areas' | 'assets' | 'components' | 'energy_sources' | 'isolation_points';
const labels: Record<VersionedTable, string> = {
  areas: 'Area',
  assets: 'Asset',
  components: 'Component',
  energy_sources: 'Energy source',
  isolation_points: 'Isolation point',
};

/** The row of the caller's facility, locked for the change; another facility's row is "not found". */
export async function lockRow(
  trx: Transaction<Database>,
  table: VersionedTable,
  facilityId: number,
  id: number,
): Promise<Record<string, unknown>> {
  const result = await sql<Record<string, unknown>>`
    select * from ${sql.table(table)} where id = ${id} and facility_id = ${facilityId} for update`.execute(trx);
  const row = result.rows[0];
  if (!row) throw AppError.notFound(labels[table]);
  return row;
}

/** 409 when the client edited an older version than the stored one. */
export function checkVersion(table: VersionedTable, row: Record<string, unknown>, version: number | undefined): void {
  if (version === undefined) {
    throw AppError.validation([{ field: 'version', message: 'Version is required to edit' }]);
  }
  if (row.version !== version) {
    throw new AppError(
      'CONFLICT',
      409,
      `This ${labels[table].toLowerCase()} was changed by someone else. Reload it and make your change again.`,
    );
  }
}

/** Updates a locked row, bumps its version and audits before/after in the same transaction. */
export async function updateAudited(
  trx: Transaction<Database>,
  caller: Caller,
  table: VersionedTable,
  before: Record<string, unknown>,
  values: Record<string, unknown>,
  action: string,
): Promise<Record<string, unknown>> {
  const sets = Object.entries(values).map(([column, value]) => sql`${sql.ref(column)} = ${value}`);
  // Every versioned table has updated_at; the import (import-commit.ts) bumps it the same way.
  const result = await sql<Record<string, unknown>>`
    update ${sql.table(table)} set ${sql.join(sets)}, version = version + 1, updated_at = now()
    where id = ${before.id} returning *`.execute(trx);
  const after = result.rows[0]!;
  await audit(trx, caller, action, table, before, after);
  return after;
}

/** Inserts a row and audits it. */
export async function insertAudited(
  trx: Transaction<Database>,
  caller: Caller,
  table: VersionedTable,
  values: Record<string, unknown>,
  action: string,
): Promise<Record<string, unknown>> {
  const columns = Object.keys(values);
  const result = await sql<Record<string, unknown>>`
    insert into ${sql.table(table)} (${sql.join(columns.map((c) => sql.ref(c)))})
    values (${sql.join(columns.map((c) => values[c]))}) returning *`.execute(trx);
  const after = result.rows[0]!;
  await audit(trx, caller, action, table, null, after);
  return after;
}

async function audit(
  trx: Transaction<Database>,
  caller: Caller,
  action: string,
  table: VersionedTable,
  before: Record<string, unknown> | null,
  after: Record<string, unknown>,
): Promise<void> {
  await recordAudit(trx, {
    userId: caller.userId,
    facilityId: caller.facilityId,
    action,
    entityType: table,
    entityId: after.id as number,
    before,
    after,
  });
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
