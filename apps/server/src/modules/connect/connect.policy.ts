import { rightNavPermission } from '@hasp/contracts';
import { AppError } from '../../plugins/app-error';
import { bumpedByTheUseCase, type CommandTarget, type FacilityTargetState, policyTable } from '../../platform';
import { findApiKeyRow, type ApiKeyRow } from './api-keys.repository';
import { findSubscriptionRow, type SubscriptionRow } from './webhooks.repository';

/** A key of the actor's facility (another facility's is not found), locked for a rotation or a revocation. */
export const apiKeyTarget: CommandTarget<ApiKeyRow> = {
  noun: 'API key',
  staleMessage: 'Someone changed this key meanwhile: reload it and try again',
  lock: (trx, actor, id) => findApiKeyRow(trx, actor.facilityId, id, true),
  bump: bumpedByTheUseCase,
};

/** A webhook subscription of the actor's facility, locked for a change. */
export const subscriptionTarget: CommandTarget<SubscriptionRow> = {
  noun: 'Subscription',
  staleMessage: 'Someone changed this subscription meanwhile: reload it and try again',
  lock: (trx, actor, id) => findSubscriptionRow(trx, actor.facilityId, id, true),
  bump: bumpedByTheUseCase,
};

const screen = [rightNavPermission('connect')];

/** A revoked key is kept for the record: it is neither rotated nor revoked again. */
const revoked = (key: ApiKeyRow) => (key.revoked_at ? new AppError('CONFLICT', 409, 'This key is revoked') : null);

/**
 * Who may make keys and subscriptions: Hasp Connect's permission. What a new key may hold depends
 * on the caller's grants and the input (never more than they hold): the use case checks it.
 */
export const connectCreatePolicy = policyTable<FacilityTargetState>()({
  'api-key.create': { permissions: screen },
  'webhook.create': { permissions: screen },
});

export const apiKeyPolicy = policyTable<ApiKeyRow>()({
  'api-key.rotate': { permissions: screen, refuse: revoked },
  'api-key.revoke': { permissions: screen, refuse: revoked },
});

export const subscriptionPolicy = policyTable<SubscriptionRow>()({
  'webhook.edit': { permissions: screen },
  // The delivery job's alone: no person switches a subscription off this way (they edit it).
  'webhook.switch-off': {
    permissions: [],
    refuse: (_state, actor) =>
      actor.system ? null : new AppError('FORBIDDEN', 403, 'Only the webhook delivery switches a subscription off'),
  },
});
