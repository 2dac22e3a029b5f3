import * as z from 'zod/mini';
import { idSchema } from './ids';
import { localIdSchema } from './local-id';

/**
 * Sealed offline signatures: a signature given offline (a signed lifecycle command queued in the
 * device's outbox) carries the signer's password sealed to the server's public key, never in plain
 * text. Only the server's private key opens it; what is sealed names the one queued command it
 * signs, so a sealed password cannot be moved to another command. See the decision note
 * "sealed offline signatures".
 */

/**
 * The reference row of the offline download (its first page) holding the server's current sealing
 * key, and its shape. A device seals with the newest key it was given.
 */
export const SIGNING_SEAL_KEY_REFERENCE = 'signing-seal-key';
export const signingSealKeySchema = z.object({
  keyId: idSchema,
  /** RSA-OAEP public key (3072-bit, SHA-256), SubjectPublicKeyInfo DER as base64. */
  publicKey: z.string().check(z.minLength(1), z.maxLength(2000)),
});
export type SigningSealKey = z.infer<typeof signingSealKeySchema>;

/**
 * How a sealed signature's bytes are laid out. RSA-OAEP alone holds at most 318 bytes with a
 * 3072-bit key, less than a 1024-character password, so the payload is encrypted with a fresh
 * AES-256-GCM key and only that key is sealed with RSA-OAEP (SHA-256):
 * `ciphertext` = base64( RSA-OAEP(aes key) [384 bytes] ‖ iv [12 bytes] ‖ AES-GCM(payload JSON) with its tag ).
 */
export const sealedSignatureLayout = { wrappedKeyBytes: 384, ivBytes: 12, aesKeyBits: 256, rsaBits: 3072 } as const;

const base64 = /^[A-Za-z0-9+/]+={0,2}$/;

/** A sealed signature as a queued command carries it instead of `{ password }`. */
export const sealedSignatureSchema = z.object({
  keyId: idSchema,
  ciphertext: z
    .string()
    .check(z.minLength(1), z.maxLength(8192), z.regex(base64, 'The sealed signature is not base64 text')),
});
export type SealedSignature = z.infer<typeof sealedSignatureSchema>;

/**
 * What is sealed: the password and the binding to the one queued command it signs. `permitId` is
 * the command's target as queued (a server id, or the local id of a permit made on the device),
 * `verb` the lifecycle command, `commandId` the queued command's idempotency key, `signedAt` when the
 * signer typed the password (the device's clock).
 */
export const sealedSignaturePayloadSchema = z.object({
  // The approve body's limits: a password is never trimmed.
  password: z.string().check(z.minLength(1), z.maxLength(1024)),
  permitId: z.union([idSchema, localIdSchema]),
  verb: z.string().check(z.minLength(1), z.maxLength(100)),
  commandId: z.string().check(z.minLength(1), z.maxLength(200)),
  signedAt: z.iso.datetime({ offset: true }),
});
export type SealedSignaturePayload = z.infer<typeof sealedSignaturePayloadSchema>;

/** Why a sealed signature is refused (the API words them; the device shows them as given). */
export const sealRefusals = {
  unknownKey: 'The signature was sealed with a key this server does not know: sign again.',
  unreadable: 'The sealed signature could not be opened (it was changed or damaged): sign again.',
  otherCommand: 'The signature was sealed for another command: sign again.',
  noCommandKey:
    "A sealed signature is bound to its command's idempotency key: send the command with its Idempotency-Key, or sign with the password.",
  future: (allowanceMinutes: number) =>
    `The signature's time is in the future; a device clock may run at most ${allowanceMinutes} minutes ahead of the server's. Check the device's clock and sign again.`,
} as const;
