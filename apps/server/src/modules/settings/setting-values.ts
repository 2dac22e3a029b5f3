import { sql, type Transaction } from 'kysely';
import {
  settingDefinition,
  settingValueProblem,
  type SettingDefinition,
  type SettingKey,
  type SettingValue,
} from '@hasp/contracts';
import type { Database, Db } from '../../db/schema';
import { AppError } from '../../plugins/app-error';

/** A secret setting (a password): its value never leaves the server, not even in the audit log. */
export function isSecretSetting(definition: SettingDefinition): boolean {
  return definition.type === 'text' && definition.secret === true;
}

function definitionOf(key: string) {
  const definition = settingDefinition(key);
  if (!definition) throw new Error(`Unknown setting "${key}"`);
  return definition;
}

/**
 * A setting's value: the facility's own (facility-scoped settings), else the stored one, else the
 * catalogue's default. A stored value that no longer fits its definition counts as unset.
 * @example const threshold = await readSetting(db, 'security.lockoutThreshold');
 */
export async function readSetting<K extends SettingKey>(db: Db, key: K, facilityId?: number): Promise<SettingValue<K>> {
  const definition = definitionOf(key);
  const scoped = definition.scope === 'facility' ? (facilityId ?? null) : null;
  const row = await db
    .selectFrom('app_settings')
    .select('value')
    .where('key', '=', key)
    .where((eb) => (scoped === null ? eb('facility_id', 'is', null) : eb('facility_id', '=', scoped)))
    .executeTakeFirst();
  const value = row && settingValueProblem(definition, row.value) === null ? row.value : definition.default;
  return value as SettingValue<K>;
}

export interface SettingChange {
  key: string;
  value: unknown;
  facilityId: number | null;
  userId: number;
  auditFacilityId: number | null;
}

/**
 * Checks and stores a value in the caller's transaction (the `settings.update` command's); answers
 * the audit row to append (a secret's value never goes into it). `at` is the change's business time (null: the database's).
 */
export async function storeSetting(trx: Transaction<Database>, change: SettingChange, at: Date | null) {
  const definition = settingDefinition(change.key);
  if (!definition) throw AppError.notFound('Setting');
  const problem = settingValueProblem(definition, change.value);
  if (problem) throw AppError.validation([{ field: 'value', message: problem }]);
  const facilityId = definition.scope === 'facility' ? change.facilityId : null;
  const before = await readSettingUnchecked(trx, change.key, facilityId);
  await trx
    .insertInto('app_settings')
    .values({
      key: change.key,
      facility_id: facilityId,
      value: JSON.stringify(change.value),
      updated_by: change.userId,
    })
    .onConflict((oc) =>
      oc.columns(['key', 'facility_id']).doUpdateSet({
        value: JSON.stringify(change.value),
        updated_by: change.userId,
        updated_at: at ?? sql<Date>`now()`,
      }),
    )
    .execute();
  return {
    action: 'setting.update',
    entityType: 'setting',
    entityId: facilityId === null ? change.key : `${change.key}@${facilityId}`,
    ...(isSecretSetting(definition)
      ? { before: { isSet: before !== '' }, after: { value: '(secret changed)', isSet: change.value !== '' } }
      : { before: { value: before }, after: { value: change.value } }),
  };
}

async function readSettingUnchecked(db: Db, key: string, facilityId: number | null): Promise<unknown> {
  const row = await db
    .selectFrom('app_settings')
    .select('value')
    .where('key', '=', key)
    .where((eb) => (facilityId === null ? eb('facility_id', 'is', null) : eb('facility_id', '=', facilityId)))
    .executeTakeFirst();
  return row ? row.value : definitionOf(key).default;
}
