import { webcrypto } from 'node:crypto';
import type { Kysely } from 'kysely';
import {
  DEVICE_CLOCK_ALLOWANCE_MINUTES,
  sealedSignatureLayout,
  sealedSignaturePayloadSchema,
  sealRefusals,
  type SealedSignature,
  type SealedSignaturePayload,
} from '@hasp/contracts';
import type { Database } from '../../db/schema';
import { AppError } from '../../plugins/app-error';
import { findSealPrivateKey } from './seal-keys.repository';

/** The queued command a sealed signature must have been sealed for. */
export type SealBinding = Pick<SealedSignaturePayload, 'permitId' | 'verb' | 'commandId'>;

const refused = (message: string, field: string) =>
  new AppError('VALIDATION_FAILED', 422, message, [{ field, message }]);

/** The sealed bytes opened with the private key: the payload's JSON text, or null when they do not open. */
async function decrypt(privateKey: Buffer, ciphertext: string): Promise<string | null> {
  const { wrappedKeyBytes, ivBytes } = sealedSignatureLayout;
  const bytes = Buffer.from(ciphertext, 'base64');
  if (bytes.length <= wrappedKeyBytes + ivBytes) return null;
  const { subtle } = webcrypto;
  try {
    const rsa = await subtle.importKey('pkcs8', privateKey, { name: 'RSA-OAEP', hash: 'SHA-256' }, false, ['decrypt']);
    const aesKey = await subtle.decrypt({ name: 'RSA-OAEP' }, rsa, bytes.subarray(0, wrappedKeyBytes));
    const aes = await subtle.importKey('raw', aesKey, { name: 'AES-GCM' }, false, ['decrypt']);
    const iv = bytes.subarray(wrappedKeyBytes, wrappedKeyBytes + ivBytes);
    // AES-GCM checks its tag: any changed byte of the ciphertext fails here.
    const plain = await subtle.decrypt({ name: 'AES-GCM', iv }, aes, bytes.subarray(wrappedKeyBytes + ivBytes));
    return new TextDecoder('utf-8', { fatal: true }).decode(plain);
  } catch {
    return null;
  }
}

function parsePayload(text: string): SealedSignaturePayload | null {
  try {
    const parsed = sealedSignaturePayloadSchema.safeParse(JSON.parse(text));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

/**
 * Opens a signature sealed on a device (decision 0102) for the queued command
 * `expected` names, and answers the password to check and when it was typed. Refused (422, naming
 * `field`, the body's field that carried it): a key this database never made, bytes that do not
 * open (changed or damaged), a seal for another permit, verb or queued command (a sealed password
 * moved to another command), and a signing time later than the device clock allowance past `now`.
 * The password itself is not checked here: the signer checks it as it checks a typed one.
 */
export async function openSealedSignature(
  db: Kysely<Database>,
  sealed: SealedSignature,
  expected: SealBinding,
  now: Date,
  field = 'sealedSignature',
): Promise<{ password: string; signedAt: Date }> {
  const privateKey = await findSealPrivateKey(db, sealed.keyId);
  if (!privateKey) throw refused(sealRefusals.unknownKey, field);
  const text = await decrypt(privateKey, sealed.ciphertext);
  const payload = text === null ? null : parsePayload(text);
  if (!payload) throw refused(sealRefusals.unreadable, field);
  const sameCommand =
    payload.permitId === expected.permitId &&
    payload.verb === expected.verb &&
    payload.commandId === expected.commandId;
  if (!sameCommand) throw refused(sealRefusals.otherCommand, field);
  const signedAt = new Date(payload.signedAt);
  if (signedAt.getTime() > now.getTime() + DEVICE_CLOCK_ALLOWANCE_MINUTES * 60_000) {
    throw refused(sealRefusals.future(DEVICE_CLOCK_ALLOWANCE_MINUTES), field);
  }
  return { password: payload.password, signedAt };
}
