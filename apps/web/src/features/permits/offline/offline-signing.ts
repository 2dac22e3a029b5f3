import { signatureMessages, type SigningSealKey } from '@hasp/contracts';
import { ApiRequestError } from '../../../lib/http';
import { translate } from '../../../lib/i18n';
import type { SealSignature } from './outbox';

/** A signed verb about to be queued: its body as the dialog sent it, and what the seal binds it to. */
export interface OfflineSigning {
  verb: string;
  /** The permit as the queued command names it: a server id, or `local:<uuid>` for one made here. */
  permitId: number | string;
  /** The idempotency key the command is queued with. */
  commandId: string;
  body: Record<string, unknown>;
}

/**
 * The body a signed verb is queued with (decision 0102): the typed password
 * sealed to the server's key, bound to this one queued command, in its place; the password itself
 * never reaches the outbox. Without a stored key (a device that downloaded before the server had
 * one) nothing may be queued: refused, saying how to get the key.
 */
export async function sealedForOutbox(
  key: SigningSealKey | null,
  seal: SealSignature,
  { verb, permitId, commandId, body }: OfflineSigning,
  now = new Date(),
): Promise<Record<string, unknown>> {
  const { password, ...rest } = body;
  if (typeof password !== 'string') return body;
  if (!key) {
    const message = translate(signatureMessages.noSealKeyOffline);
    throw new ApiRequestError(409, { code: 'CONFLICT', message }, undefined, message);
  }
  const payload = { password, permitId, verb, commandId, signedAt: now.toISOString() };
  return { ...rest, sealedSignature: await seal(key, payload) };
}
