import type { ApiKey, ApiKeyCreate } from '@hasp/contracts';
import { AppError } from '../../plugins/app-error';
import {
  actorFacilityTarget,
  actorPermissions,
  defineCommand,
  type CommandRun,
  type FacilityTargetState,
} from '../../platform';
import { findApiKeyRow, toApiKey, type ApiKeyRow } from './api-keys.repository';
import { apiKeyPolicy, apiKeyTarget, connectCreatePolicy } from './connect.policy';

const entityType = 'api_key';

/**
 * A new key: the administrator's choices, and the lookup id and hash of the secret the route made
 * (see `newApiKey`). The secret itself never enters the command, so its stored answer (kept for
 * replays) never holds it.
 */
export interface ApiKeyCreation extends ApiKeyCreate {
  lookupId: string;
  secretHash: string;
}

/**
 * Creates a key of the facility. It may hold only what its creator holds now (403 naming the first
 * one they lack), read in the command's transaction. Answers the key; the route adds its text.
 */
export const createApiKey = defineCommand({
  name: 'api-key.create',
  target: actorFacilityTarget,
  policy: connectCreatePolicy['api-key.create'],
  // Every send makes a new secret: the key alone says "the same creation", with the same choices.
  fingerprint: ({ lookupId: _lookupId, secretHash: _secretHash, ...choices }: ApiKeyCreation) => choices,
  async apply({ trx, ctx, input, ...run }: CommandRun<ApiKeyCreation, FacilityTargetState>): Promise<ApiKey> {
    const held = await actorPermissions(trx, ctx.actor);
    const beyond = input.permissions.find((p) => !held.has(p));
    if (beyond) throw new AppError('FORBIDDEN', 403, `A key cannot hold a permission you do not hold: ${beyond}`);
    const expiresAt = new Date(input.expiresAt);
    if (expiresAt <= ctx.now)
      throw AppError.validation([{ field: 'expiresAt', message: 'Expiry must be in the future' }]);
    const { id } = await trx
      .insertInto('api_keys')
      .values({
        facility_id: ctx.actor.facilityId,
        lookup_id: input.lookupId,
        name: input.name,
        permissions: [...new Set(input.permissions)],
        secret_hash: input.secretHash,
        expires_at: expiresAt,
        created_by: ctx.actor.userId,
        created_at: ctx.now,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const key = toApiKey((await findApiKeyRow(trx, ctx.actor.facilityId, id))!, ctx.now);
    run.audit({ action: 'api-key.create', entityType, entityId: id, before: null, after: key });
    run.event({ name: 'api-key.created', entityType, entityId: id });
    return key;
  },
});

/** A rotation: the old secret's grace, and the hash of the new secret the route made. */
export interface ApiKeyRotation {
  graceHours: number;
  secretHash: string;
}

/**
 * A new secret for the key; the old one keeps working for `graceHours` (so the integrator can
 * switch without a gap). Answers the key and its lookup id, from which the route writes the new
 * text it shows this once.
 */
export const rotateApiKey = defineCommand({
  name: 'api-key.rotate',
  target: apiKeyTarget,
  policy: apiKeyPolicy['api-key.rotate'],
  // As a creation: the new secret's hash tells nothing about the request.
  fingerprint: ({ graceHours }: ApiKeyRotation) => ({ graceHours }),
  async apply({
    trx,
    ctx,
    input,
    state: row,
    ...run
  }: CommandRun<ApiKeyRotation, ApiKeyRow>): Promise<{ key: ApiKey; lookupId: string }> {
    await trx
      .updateTable('api_keys')
      .set((eb) => ({
        previous_secret_hash: eb.ref('secret_hash'),
        previous_valid_until: new Date(ctx.now.getTime() + input.graceHours * 3_600_000),
        secret_hash: input.secretHash,
        version: row.version + 1,
      }))
      .where('id', '=', row.id)
      .execute();
    const key = toApiKey((await findApiKeyRow(trx, ctx.actor.facilityId, row.id))!, ctx.now);
    run.audit({ action: 'api-key.rotate', entityType, entityId: row.id, before: toApiKey(row, ctx.now), after: key });
    run.event({ name: 'api-key.rotated', entityType, entityId: row.id });
    return { key, lookupId: row.lookup_id };
  },
});

/** Revokes the key: its next call is refused (every call reads the key). */
export const revokeApiKey = defineCommand({
  name: 'api-key.revoke',
  target: apiKeyTarget,
  policy: apiKeyPolicy['api-key.revoke'],
  async apply({ trx, ctx, state: row, ...run }: CommandRun<null, ApiKeyRow>): Promise<ApiKey> {
    await trx
      .updateTable('api_keys')
      .set({ revoked_at: ctx.now, revoked_by: ctx.actor.userId, version: row.version + 1 })
      .where('id', '=', row.id)
      .execute();
    const key = toApiKey((await findApiKeyRow(trx, ctx.actor.facilityId, row.id))!, ctx.now);
    run.audit({ action: 'api-key.revoke', entityType, entityId: row.id, before: toApiKey(row, ctx.now), after: key });
    run.event({ name: 'api-key.revoked', entityType, entityId: row.id });
    return key;
  },
});
