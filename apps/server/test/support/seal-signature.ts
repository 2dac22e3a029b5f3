import { webcrypto } from 'node:crypto';
import {
  sealedSignatureLayout,
  type SealedSignature,
  type SealedSignaturePayload,
  type SigningSealKey,
} from '@hasp/contracts';

/**
 * Seals as the web app's sealSignature does, with WebCrypto only: a fresh AES-256-GCM key encrypts
 * the payload, RSA-OAEP (SHA-256) with the served SPKI key seals that key.
 */
export async function sealAsBrowser(key: SigningSealKey, payload: SealedSignaturePayload): Promise<SealedSignature> {
  const { subtle } = webcrypto;
  const rsa = await subtle.importKey(
    'spki',
    Buffer.from(key.publicKey, 'base64'),
    { name: 'RSA-OAEP', hash: 'SHA-256' },
    false,
    ['encrypt'],
  );
  const aes = await subtle.generateKey({ name: 'AES-GCM', length: sealedSignatureLayout.aesKeyBits }, true, [
    'encrypt',
  ]);
  const wrapped = await subtle.encrypt({ name: 'RSA-OAEP' }, rsa, await subtle.exportKey('raw', aes));
  const iv = webcrypto.getRandomValues(new Uint8Array(sealedSignatureLayout.ivBytes));
  const body = await subtle.encrypt({ name: 'AES-GCM', iv }, aes, new TextEncoder().encode(JSON.stringify(payload)));
  const bytes = Buffer.concat([Buffer.from(wrapped), iv, Buffer.from(body)]);
  return { keyId: key.keyId, ciphertext: bytes.toString('base64') };
}
