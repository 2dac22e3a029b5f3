import { createHash, createHmac, randomBytes } from 'node:crypto';
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

// Until the app sets it from its signing secret: a random one, so a secret is never hashed unkeyed.
let secretKey: Buffer = randomBytes(32);

/**
 * Sets the key of the secrets' HMAC from the server's signing secret (derived, so the token key
 * itself is used for nothing else). Processes that share the signing secret share the key, so a
 * retry that reaches another process is still recognised.
 */
export function useIdempotencySecretKey(serverSecret: string): void {
  secretKey = createHmac('sha256', serverSecret).update('hasp idempotency: secret fingerprint').digest();
}

/**
 * What makes two sends "the same command": name, target, input and expected version (not the
 * device time), and the HMAC of the command's secrets when it has any (`secretFingerprint`).
 */
export function commandHash(command: Command, secrets?: unknown): string {
  const { name, targetId, input, expectedVersion } = command;
  const secret =
    secrets === undefined ? {} : { secret: createHmac('sha256', secretKey).update(canonical(secrets)).digest('hex') };
  return createHash('sha256')
    .update(canonical({ name, targetId, input, expectedVersion: expectedVersion ?? null, ...secret }))
    .digest('hex');
}

/** What an earlier send with the key answered. */
export interface StoredKey {
  command: string;
  request_hash: string;
  response: unknown;
  version: number;
}

/**
 * Takes the key for this transaction and reads what it answered before, in one round trip
 * (`claim_idempotency_key`, decision 0061): `held` false when another transaction holds it (the
 * first send is still running); else `stored`, the earlier answer, if any. An advisory lock, so a
 * crashed request leaves nothing behind; the look-up runs after the lock, so a first send that
 * committed meanwhile is seen.
 */
export async function claimKey(
  trx: Trx,
  userId: number,
  key: string,
): Promise<{ held: false } | { held: true; stored: StoredKey | undefined }> {
  const { rows } = await sql<StoredKey & { answered: boolean }>`
    select answered, command, request_hash, response, version from claim_idempotency_key(${userId}, ${key})`.execute(
    trx,
  );
  const row = rows[0];
  if (!row) return { held: false };
  if (!row.answered) return { held: true, stored: undefined };
  const { answered: _answered, ...stored } = row;
  return { held: true, stored };
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
