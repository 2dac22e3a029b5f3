import { beforeAll, describe, expect, it } from 'vitest';
import { sealedSignatureLayout, sealedSignatureSchema, type SealedSignaturePayload } from '@hasp/contracts';
import { sealSignature } from './seal-signature';

const { subtle } = globalThis.crypto;
const rsaOaep = { name: 'RSA-OAEP', hash: 'SHA-256' } as const;

/** A server-like key pair: the public half as the download sends it (SPKI, base64), the private half to open. */
async function serverKey() {
  const pair = await subtle.generateKey(
    { ...rsaOaep, modulusLength: sealedSignatureLayout.rsaBits, publicExponent: new Uint8Array([1, 0, 1]) },
    true,
    ['encrypt', 'decrypt'],
  );
  const spki = new Uint8Array(await subtle.exportKey('spki', pair.publicKey));
  const publicKey = btoa(String.fromCharCode(...spki));
  return { key: { keyId: 7, publicKey }, privateKey: pair.privateKey };
}

/** Opens a seal as the server does (modules/signatures/sealed-signature.ts), by the contracts' layout. */
async function open(privateKey: CryptoKey, ciphertext: string): Promise<unknown> {
  const { wrappedKeyBytes, ivBytes } = sealedSignatureLayout;
  const bytes = Uint8Array.from(atob(ciphertext), (c) => c.charCodeAt(0));
  const raw = await subtle.decrypt(rsaOaep, privateKey, bytes.slice(0, wrappedKeyBytes));
  const aes = await subtle.importKey('raw', raw, { name: 'AES-GCM' }, false, ['decrypt']);
  const iv = bytes.slice(wrappedKeyBytes, wrappedKeyBytes + ivBytes);
  const plain = await subtle.decrypt({ name: 'AES-GCM', iv }, aes, bytes.slice(wrappedKeyBytes + ivBytes));
  return JSON.parse(new TextDecoder().decode(plain));
}

const payload: SealedSignaturePayload = {
  password: 'correct horse ✓',
  permitId: 'local:0f8e2a6c-1b2d-4e5f-8a9b-0c1d2e3f4a5b',
  verb: 'accept',
  commandId: 'k-3e9a',
  signedAt: '2026-12-10T09:30:00.000Z',
};

describe('sealSignature', () => {
  let server: Awaited<ReturnType<typeof serverKey>>;
  beforeAll(async () => {
    server = await serverKey();
  });

  it('seals the password and its command binding so that the private key opens exactly them', async () => {
    const { key, privateKey } = server;
    const sealed = await sealSignature(key, payload);
    expect(sealedSignatureSchema.parse(sealed).keyId).toBe(7);
    expect(sealed.ciphertext).not.toContain(btoa('correct horse'));
    expect(await open(privateKey, sealed.ciphertext)).toEqual(payload);
  });

  it('never seals the same payload to the same bytes (a fresh AES key and iv each time)', async () => {
    const { key } = server;
    const [a, b] = await Promise.all([sealSignature(key, payload), sealSignature(key, payload)]);
    expect(a.ciphertext).not.toBe(b.ciphertext);
  });

  it('refuses a payload the server would not take, before sealing', async () => {
    const { key } = server;
    await expect(sealSignature(key, { ...payload, password: '' })).rejects.toThrow();
    await expect(sealSignature(key, { ...payload, signedAt: 'yesterday' })).rejects.toThrow();
  });
});
