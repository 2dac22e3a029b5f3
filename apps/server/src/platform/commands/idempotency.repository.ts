import { createHash } from 'node:crypto';
import { sql, type Transaction } from 'kysely';
import type { Database } from '../../db/schema';
import type { Command } from './command';

type Trx = Transaction<Database>;

/** JSON with object keys sorted, so the same command always hashes the same. */
function canonical(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`;
  if (value instanceof Date) return JSON.stringify(value.toISOString());
  if (value && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, v]) => v !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonical(v)}`).join(',')}}`;
  }
  return JSON.stringify(value ?? null);
}

/** What makes two sends "the same command": name, target, input and expected version (not the device time). */
export function commandHash(command: Command): string {
  const { name, targetId, input, expectedVersion } = command;
  return createHash('sha256')
    .update(canonical({ name, targetId, input, expectedVersion: expectedVersion ?? null }))
    .digest('hex');
}

/**
 * Takes the key for this transaction, or answers false when another transaction holds it (the
 * first send is still running). An advisory lock, so a crashed request leaves nothing behind.
 */
export async function tryLockKey(trx: Trx, userId: number, key: string): Promise<boolean> {
  const { rows } = await sql<{ locked: boolean }>`
    select pg_try_advisory_xact_lock(hashtext('hasp-idempotency'), hashtext(${`${userId}:${key}`})) as locked`.execute(
    trx,
  );
  return rows[0]?.locked === true;
}

export function findStoredResponse(trx: Trx, userId: number, key: string) {
  return trx
    .selectFrom('idempotency_keys')
    .select(['command', 'request_hash', 'response', 'version'])
    .where('user_id', '=', userId)
    .where('key', '=', key)
    .executeTakeFirst();
}

/** What a key answers on every later send: the command's hash, its response and the version it left. */
export interface StoredResponse {
  userId: number;
  key: string;
  command: string;
  hash: string;
  response: unknown;
  version: number;
}

/** The `idempotency_keys` row of a stored response (written with the command's other rows: recordCommandRows). */
export function keyRow(row: StoredResponse) {
  return {
    user_id: row.userId,
    key: row.key,
    command: row.command,
    request_hash: row.hash,
    response: JSON.stringify(row.response ?? null),
    version: row.version,
  };
}
