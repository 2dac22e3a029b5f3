import type { Kysely } from 'kysely';
import type { ApiKey, ApiKeyCreate, ApiKeySecret } from '@hasp/contracts';
import type { Database } from '../../db/schema';
import type { Actor, RequestContext } from '../../platform';
import { AppError } from '../../plugins/app-error';
import { newApiKey } from '../../plugins/api-key-auth';
import { auditOrigin, recordAudit } from '../audit';
import { findApiKeyRow, toApiKey } from './api-keys.repository';

type Db = Kysely<Database>;

/**
 * Creates a key of the facility. It may hold only what its creator holds now (403 naming the
 * first one they lack); the answer carries the key's text, this once: only its hash is kept.
 */
export async function createApiKey(
  db: Db,
  ctx: RequestContext,
  held: ReadonlySet<string>,
  input: ApiKeyCreate,
): Promise<ApiKeySecret> {
  const beyond = input.permissions.find((p) => !held.has(p));
  if (beyond) throw new AppError('FORBIDDEN', 403, `A key cannot hold a permission you do not hold: ${beyond}`);
  const expiresAt = new Date(input.expiresAt);
  if (expiresAt <= ctx.now)
    throw AppError.validation([{ field: 'expiresAt', message: 'Expiry must be in the future' }]);
  const created = newApiKey(ctx.connection.name);
  return db.transaction().execute(async (trx) => {
    const { id } = await trx
      .insertInto('api_keys')
      .values({
        facility_id: ctx.actor.facilityId,
        lookup_id: created.lookupId,
        name: input.name,
        permissions: [...new Set(input.permissions)],
        secret_hash: created.hash,
        expires_at: expiresAt,
        created_by: ctx.actor.userId,
        created_at: ctx.now,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const key = toApiKey((await findApiKeyRow(trx, ctx.actor.facilityId, id))!, ctx.now);
    await recordAudit(trx, {
      ...auditOrigin(ctx),
      action: 'api-key.create',
      entityType: 'api_key',
      entityId: id,
      before: null,
      after: key,
    });
    return { key, secret: created.secret };
  });
}

/** Locks a key of the facility and checks the version the administrator saw (409 when it changed). */
async function lockKey(trx: Parameters<typeof findApiKeyRow>[0], actor: Actor, id: number, version: number | null) {
  const row = await findApiKeyRow(trx, actor.facilityId, id, true);
  if (!row) throw AppError.notFound('API key');
  if (version !== null && row.version !== version)
    throw new AppError('CONFLICT', 409, 'Someone changed this key meanwhile: reload it and try again');
  if (row.revoked_at) throw new AppError('CONFLICT', 409, 'This key is revoked');
  return row;
}

/**
 * A new secret for the key; the old one keeps working for `graceHours` (so the integrator can
 * switch without a gap). The new text is answered this once.
 */
export async function rotateApiKey(
  db: Db,
  ctx: RequestContext,
  id: number,
  version: number | null,
  graceHours: number,
): Promise<ApiKeySecret> {
  return db.transaction().execute(async (trx) => {
    const row = await lockKey(trx, ctx.actor, id, version);
    const before = toApiKey(row, ctx.now);
    const created = newApiKey(ctx.connection.name, row.lookup_id);
    await trx
      .updateTable('api_keys')
      .set((eb) => ({
        previous_secret_hash: eb.ref('secret_hash'),
        previous_valid_until: new Date(ctx.now.getTime() + graceHours * 3_600_000),
        secret_hash: created.hash,
        version: eb('version', '+', 1),
      }))
      .where('id', '=', id)
      .execute();
    const key = toApiKey((await findApiKeyRow(trx, ctx.actor.facilityId, id))!, ctx.now);
    await recordAudit(trx, {
      ...auditOrigin(ctx),
      action: 'api-key.rotate',
      entityType: 'api_key',
      entityId: id,
      before,
      after: key,
    });
    return { key, secret: created.secret };
  });
}

/** Revokes the key: its next call is refused (every call reads the key). */
export async function revokeApiKey(db: Db, ctx: RequestContext, id: number, version: number | null): Promise<ApiKey> {
  return db.transaction().execute(async (trx) => {
    const row = await lockKey(trx, ctx.actor, id, version);
    await trx
      .updateTable('api_keys')
      .set((eb) => ({ revoked_at: ctx.now, revoked_by: ctx.actor.userId, version: eb('version', '+', 1) }))
      .where('id', '=', id)
      .execute();
    const key = toApiKey((await findApiKeyRow(trx, ctx.actor.facilityId, id))!, ctx.now);
    await recordAudit(trx, {
      ...auditOrigin(ctx),
      action: 'api-key.revoke',
      entityType: 'api_key',
      entityId: id,
      before: toApiKey(row, ctx.now),
      after: key,
    });
    return key;
  });
}
