import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import { API_KEY_PATTERN } from '@hasp/contracts';
import type { ConnectionRegistry } from '../db/connections';
import type { Clock } from '../platform/clock';
import type { RequestContext } from '../platform/request-context';
import { AppError } from './app-error';

/**
 * Routes a Hasp Connect API key may call (decision 0077): the integrators' permit routes and a
 * permit's attachments. Every other route refuses a key (401), so a key never reaches a person's
 * routes (their password, their sessions) even though it acts as its creator.
 */
export const apiKeyRoutes: ReadonlySet<string> = new Set([
  'POST /api/connect/permits',
  'GET /api/connect/permits',
  'GET /api/connect/permits/:id',
  'GET /api/permits/:permitId/attachments',
  'POST /api/permits/:permitId/attachments',
]);

/** The SHA-256 of a key's secret, as stored (a key is random and long: no slow hash is needed). */
export const hashKeySecret = (secret: string) => createHash('sha256').update(secret, 'utf8').digest('hex');

/** A key's new secret and the hash stored; a rotation binds it to the key's lookup id (`apiKeyText`). */
export function newKeySecret() {
  const secret = randomBytes(32).toString('base64url');
  return { secret, hash: hashKeySecret(secret) };
}

/** The text the integrator sends: the connection, the key's lookup id and its secret. */
export function apiKeyText(connectionName: string, lookupId: string, secret: string): string {
  const connection = Buffer.from(connectionName, 'utf8').toString('hex');
  return `hasp_${connection}_${lookupId}_${secret}`;
}

/** A new key: its lookup id, the text the integrator sends (`secret`), and the hash stored. */
export function newApiKey(connectionName: string, lookupId = randomBytes(8).toString('hex')) {
  const { secret, hash } = newKeySecret();
  return { lookupId, secret: apiKeyText(connectionName, lookupId, secret), hash };
}

/** The key a request carries: `Authorization: Bearer hasp_…` or `X-Api-Key: hasp_…`; null when it carries none. */
export function apiKeyOf(request: FastifyRequest): string | null {
  const header = request.headers['x-api-key'];
  if (typeof header === 'string') return header;
  const bearer = /^Bearer (hasp_\S+)$/.exec(request.headers.authorization ?? '');
  return bearer?.[1] ?? null;
}

const sameHash = (a: string, b: string | null) =>
  b !== null && a.length === b.length && timingSafeEqual(Buffer.from(a, 'hex'), Buffer.from(b, 'hex'));

/** Last use is written at most this often per key and address (a busy integrator writes no row per call). */
const LAST_USED_EVERY_MS = 10_000;

/**
 * The request context of a call made with an API key: the key must be the facility's, unrevoked,
 * unexpired (or its previous secret within the rotation's grace), and its creator still active in
 * the (active) facility. Read on every call, so a revocation counts at once. The caller is the
 * key's creator narrowed to the key's permissions (Actor.apiKey).
 */
export async function authenticateApiKey(
  registry: ConnectionRegistry,
  clock: Clock,
  request: FastifyRequest,
  key: string,
): Promise<RequestContext> {
  const refused = () => AppError.unauthenticated('Invalid, expired or revoked API key');
  const match = API_KEY_PATTERN.exec(key);
  if (!match) throw refused();
  const [, connectionHex, lookupId, secret] = match as unknown as [string, string, string, string];
  const connection = registry.find(Buffer.from(connectionHex, 'hex').toString('utf8'));
  if (!connection) throw refused();
  const now = clock.now();
  const row = await connection.db
    .selectFrom('api_keys as k')
    .innerJoin('users as u', 'u.id', 'k.created_by')
    .innerJoin('facilities as f', 'f.id', 'k.facility_id')
    .innerJoin('user_facilities as uf', (join) =>
      join.onRef('uf.user_id', '=', 'k.created_by').onRef('uf.facility_id', '=', 'k.facility_id'),
    )
    .select([
      'k.id',
      'k.facility_id',
      'k.created_by',
      'k.permissions',
      'k.secret_hash',
      'k.previous_secret_hash',
      'k.previous_valid_until',
      'k.last_used_at',
      'k.last_used_address',
    ])
    .where('k.lookup_id', '=', lookupId)
    .where('k.revoked_at', 'is', null)
    .where('k.expires_at', '>', now)
    .where('u.is_active', '=', true)
    .where('f.is_active', '=', true)
    .executeTakeFirst();
  if (!row) throw refused();
  const hash = hashKeySecret(secret);
  const current = sameHash(hash, row.secret_hash);
  const previous =
    sameHash(hash, row.previous_secret_hash) && row.previous_valid_until !== null && row.previous_valid_until > now;
  if (!current && !previous) throw refused();
  if (
    row.last_used_address !== request.ip ||
    !row.last_used_at ||
    now.getTime() - row.last_used_at.getTime() > LAST_USED_EVERY_MS
  ) {
    await connection.db
      .updateTable('api_keys')
      .set({ last_used_at: now, last_used_address: request.ip })
      .where('id', '=', row.id)
      .execute();
  }
  const name = `api-key:${row.id}`;
  return {
    actor: {
      userId: row.created_by,
      facilityId: row.facility_id,
      sessionId: name,
      deviceId: name,
      apiKey: { id: row.id, permissions: row.permissions },
    },
    connection,
    requestId: request.id,
    address: request.ip,
    now,
    // A key has no token to expire; long-lived answers (none of its routes stream) end in an hour.
    expiresAt: now.getTime() + 3_600_000,
  };
}
