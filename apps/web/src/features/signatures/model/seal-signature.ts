import {
  sealedSignatureLayout,
  sealedSignaturePayloadSchema,
  type SealedSignature,
  type SealedSignaturePayload,
  type SigningSealKey,
} from '@hasp/contracts';

const toBase64 = (bytes: Uint8Array): string => {
  let text = '';
  for (const byte of bytes) text += String.fromCharCode(byte);
  return btoa(text);
};
const fromBase64 = (text: string): Uint8Array<ArrayBuffer> => Uint8Array.from(atob(text), (c) => c.charCodeAt(0));

/**
 * A signature given offline, sealed to the server's public key (the offline download's
 * `signing-seal-key` reference row) so the password never sits in the outbox in plain text; only the
 * server opens it, and only for the queued command the payload names. The layout is contracts'
 * `sealedSignatureLayout`: a fresh AES-256-GCM key encrypts the payload (a password may be longer than
 * RSA-OAEP alone holds) and RSA-OAEP with SHA-256 seals that key. Refuses a payload the server would
 * not take (checked by the same schema) before sealing anything.
 */
export async function sealSignature(key: SigningSealKey, payload: SealedSignaturePayload): Promise<SealedSignature> {
  const checked = sealedSignaturePayloadSchema.parse(payload);
  const { subtle } = globalThis.crypto;
  const rsa = await subtle.importKey('spki', fromBase64(key.publicKey), { name: 'RSA-OAEP', hash: 'SHA-256' }, false, [
    'encrypt',
  ]);
  const aes = await subtle.generateKey({ name: 'AES-GCM', length: sealedSignatureLayout.aesKeyBits }, true, [
    'encrypt',
  ]);
  const wrappedKey = new Uint8Array(
    await subtle.encrypt({ name: 'RSA-OAEP' }, rsa, await subtle.exportKey('raw', aes)),
  );
  const iv = globalThis.crypto.getRandomValues(new Uint8Array(sealedSignatureLayout.ivBytes));
  const body = new Uint8Array(
    await subtle.encrypt({ name: 'AES-GCM', iv }, aes, new TextEncoder().encode(JSON.stringify(checked))),
  );
  const bytes = new Uint8Array(wrappedKey.length + iv.length + body.length);
  bytes.set(wrappedKey, 0);
  bytes.set(iv, wrappedKey.length);
  bytes.set(body, wrappedKey.length + iv.length);
  return { keyId: key.keyId, ciphertext: toBase64(bytes) };
}
