import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  DEVICE_CLOCK_ALLOWANCE_MINUTES,
  SIGNING_SEAL_KEY_REFERENCE,
  sealedSignatureLayout,
  sealRefusals,
  signingSealKeySchema,
  type OfflineDownload,
  type SealedSignature,
  type SealedSignaturePayload,
  type SigningSealKey,
} from '@hasp/contracts';
import { currentSealKey, openSealedSignature, rotateSealKey } from '../src/modules/signatures';
import { AppError } from '../src/plugins/app-error';
import { sealAsBrowser } from './support/seal-signature';
import { createTestApp, login, type TestApp } from './test-app';

/**
 * Sealed offline signatures over the real server and PostgreSQL: the offline download hands the
 * device the server's public key (made on first need, once however many ask at the same time); a
 * password sealed with it in WebCrypto, as the browser seals it, opens only on the server, only for
 * the queued command it was sealed for, and not with a signing time past the device clock allowance.
 */
let t: TestApp;
const db = () => t.connections[0]!.db;
const tokens: Record<string, string> = {};
const now = new Date('2026-12-10T10:00:00.000Z');

/** The first page of a LOTO download, as a device asks for it. */
async function firstPage(as: string, limit = 100): Promise<OfflineDownload> {
  const response = await t.app.inject({
    method: 'GET',
    url: `/api/offline/permits?type=LOTO&after=0&limit=${limit}`,
    headers: { authorization: `Bearer ${tokens[as]}` },
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<OfflineDownload>();
}

/** The sealing key as the device stores it from the download's reference data. */
const servedKey = (page: OfflineDownload): SigningSealKey =>
  signingSealKeySchema.parse(page.reference[SIGNING_SEAL_KEY_REFERENCE]);

const payload = (over: Partial<SealedSignaturePayload> = {}): SealedSignaturePayload => ({
  password: 'pässword typed offline ✓',
  permitId: 41,
  verb: 'issue',
  commandId: 'k-2b7c1f0e',
  signedAt: '2026-12-10T09:30:00.000Z',
  ...over,
});
const binding = { permitId: 41, verb: 'issue', commandId: 'k-2b7c1f0e' };

/** The refusal opening answers (an AppError naming the field), or a failure when it opened. */
async function refusalOf(sealed: SealedSignature, expected = binding) {
  const error = await openSealedSignature(db(), sealed, expected, now).then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(AppError);
  const { statusCode, message, details } = error as AppError;
  return { statusCode, message, details };
}

let key: SigningSealKey;

beforeAll(async () => {
  t = await createTestApp();
  for (const name of ['worker']) {
    const response = await login(t.app, { username: name, facilityId: 1 });
    tokens[name] = response.json<{ token: string }>().token;
  }
});
afterAll(() => t.close());

describe('the sealing key', () => {
  it('is made once on first need, however many ask for it at the same time', async () => {
    expect(await db().selectFrom('signing_seal_keys').select('id').execute()).toEqual([]);
    const keys = await Promise.all([currentSealKey(db()), currentSealKey(db()), currentSealKey(db())]);
    const rows = await db().selectFrom('signing_seal_keys').select('id').execute();
    expect(rows).toHaveLength(1);
    expect(keys).toEqual([keys[0], keys[0], keys[0]]);
    expect(keys[0].keyId).toBe(rows[0]!.id);
  });

  it("is in the reference data of a download's first page, and not of a later page", async () => {
    expect(servedKey(await firstPage('worker'))).toEqual(await currentSealKey(db()));
    const later = await t.app.inject({
      method: 'GET',
      url: '/api/offline/permits?type=LOTO&after=1&limit=1',
      headers: { authorization: `Bearer ${tokens.worker}` },
    });
    expect(later.statusCode, later.body).toBe(200);
    expect(later.json<OfflineDownload>().reference).toEqual({});
  });
});

describe('opening a sealed signature', () => {
  beforeAll(async () => {
    key = await currentSealKey(db());
  });

  it('answers the password and signing time of a signature sealed for the queued command', async () => {
    const opened = await openSealedSignature(db(), await sealAsBrowser(key, payload()), binding, now);
    expect(opened).toEqual({ password: 'pässword typed offline ✓', signedAt: new Date('2026-12-10T09:30:00.000Z') });
  });

  it('holds a password of the longest length a signature takes (more than RSA-OAEP alone holds)', async () => {
    const password = 'é'.repeat(1024);
    const opened = await openSealedSignature(db(), await sealAsBrowser(key, payload({ password })), binding, now);
    expect(opened.password).toBe(password);
  });

  it('refuses a seal for another permit, verb or queued command: sealed for another command', async () => {
    for (const other of [{ permitId: 42 }, { permitId: '41' }, { verb: 'accept' }, { commandId: 'k-other' }]) {
      const sealed = await sealAsBrowser(key, payload());
      const refusal = await refusalOf(sealed, { ...binding, ...other } as typeof binding);
      expect(refusal, JSON.stringify(other)).toEqual({
        statusCode: 422,
        message: sealRefusals.otherCommand,
        details: [{ field: 'sealedSignature', message: sealRefusals.otherCommand }],
      });
    }
  });

  it('refuses a key id the server never made', async () => {
    const sealed = await sealAsBrowser(key, payload());
    const refusal = await refusalOf({ ...sealed, keyId: key.keyId + 1000 });
    expect(refusal.message).toBe(sealRefusals.unknownKey);
    expect(refusal.statusCode).toBe(422);
  });

  it('refuses a ciphertext with any part changed: the sealed key, the iv or the sealed payload', async () => {
    const sealed = await sealAsBrowser(key, payload());
    const { wrappedKeyBytes, ivBytes } = sealedSignatureLayout;
    for (const at of [10, wrappedKeyBytes + 3, wrappedKeyBytes + ivBytes + 5]) {
      const bytes = Buffer.from(sealed.ciphertext, 'base64');
      bytes[at] = bytes[at]! ^ 0x01;
      const refusal = await refusalOf({ ...sealed, ciphertext: bytes.toString('base64') });
      expect(refusal.message, `byte ${at}`).toBe(sealRefusals.unreadable);
    }
    const cut = Buffer.from(sealed.ciphertext, 'base64').subarray(0, wrappedKeyBytes + ivBytes);
    expect((await refusalOf({ ...sealed, ciphertext: cut.toString('base64') })).message).toBe(sealRefusals.unreadable);
  });

  it(`refuses a signing time more than ${DEVICE_CLOCK_ALLOWANCE_MINUTES} minutes ahead of the server; within it opens`, async () => {
    const allowance = DEVICE_CLOCK_ALLOWANCE_MINUTES * 60_000;
    const ahead = new Date(now.getTime() + allowance + 1000).toISOString();
    const refusal = await refusalOf(await sealAsBrowser(key, payload({ signedAt: ahead })));
    expect(refusal.message).toBe(sealRefusals.future(DEVICE_CLOCK_ALLOWANCE_MINUTES));
    const within = new Date(now.getTime() + allowance).toISOString();
    const opened = await openSealedSignature(
      db(),
      await sealAsBrowser(key, payload({ signedAt: within })),
      binding,
      now,
    );
    expect(opened.signedAt.toISOString()).toBe(within);
  });
});

describe('a new sealing key', () => {
  it('is served from then on, and a signature sealed with the old key still opens', async () => {
    const key = await currentSealKey(db());
    const sealedBefore = await sealAsBrowser(key, payload());
    const rotated = await rotateSealKey(db());
    expect(rotated.keyId).toBeGreaterThan(key.keyId);
    expect(servedKey(await firstPage('worker'))).toEqual(rotated);
    expect((await openSealedSignature(db(), sealedBefore, binding, now)).password).toBe('pässword typed offline ✓');
    const sealedAfter = await sealAsBrowser(rotated, payload());
    expect((await openSealedSignature(db(), sealedAfter, binding, now)).password).toBe('pässword typed offline ✓');
  });
});
