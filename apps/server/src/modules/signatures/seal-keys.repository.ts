import { generateKeyPair } from 'node:crypto';
import { promisify } from 'node:util';
import type { Kysely } from 'kysely';
import { sealedSignatureLayout, type SigningSealKey } from '@hasp/contracts';
import type { Database } from '../../db/schema';
import { writeBookkeeping } from '../../platform';

const generateRsaKeyPair = promisify(generateKeyPair);

/** A new RSA-OAEP key pair as stored: public SPKI and private PKCS8, DER as base64. */
async function newKeyPair(): Promise<{ public_key: string; private_key: string }> {
  // Off the event loop (libuv's pool): a 3072-bit key takes a noticeable part of a second.
  const { publicKey, privateKey } = await generateRsaKeyPair('rsa', {
    modulusLength: sealedSignatureLayout.rsaBits,
    publicKeyEncoding: { type: 'spki', format: 'der' },
    privateKeyEncoding: { type: 'pkcs8', format: 'der' },
  });
  return { public_key: publicKey.toString('base64'), private_key: privateKey.toString('base64') };
}

async function newestKey(db: Kysely<Database>): Promise<SigningSealKey | undefined> {
  const row = await db
    .selectFrom('signing_seal_keys')
    .select(['id', 'public_key'])
    .orderBy('id', 'desc')
    .limit(1)
    .executeTakeFirst();
  return row && { keyId: row.id, publicKey: row.public_key };
}

/** Every writer of the table takes turns: two first needs at once still make one key. */
const KEYS_LOCK = 'hasp-signing-seal-keys';

async function insertKey(trx: Kysely<Database>): Promise<SigningSealKey> {
  const row = await trx
    .insertInto('signing_seal_keys')
    .values(await newKeyPair())
    .returning(['id', 'public_key'])
    .executeTakeFirstOrThrow();
  return { keyId: row.id, publicKey: row.public_key };
}

/**
 * The key devices seal signatures with now: the newest, made on first need. Two requests that both
 * find none wait for each other on the lock, and the second finds the first's key.
 */
export async function currentSealKey(db: Kysely<Database>): Promise<SigningSealKey> {
  const found = await newestKey(db);
  if (found) return found;
  // The server's own key, not a user's change: no command, no audit row.
  return writeBookkeeping(db, async (trx) => (await newestKey(trx)) ?? insertKey(trx), { lock: KEYS_LOCK });
}

/**
 * A new current key; the older ones stay, so signatures sealed with them and still queued on a
 * device open. Devices take the new key at their next offline download.
 */
export async function rotateSealKey(db: Kysely<Database>): Promise<SigningSealKey> {
  return writeBookkeeping(db, insertKey, { lock: KEYS_LOCK });
}

/** The private key (PKCS8 DER) of a key id, or undefined when this database never made it. */
export async function findSealPrivateKey(db: Kysely<Database>, keyId: number): Promise<Buffer | undefined> {
  const row = await db.selectFrom('signing_seal_keys').select('private_key').where('id', '=', keyId).executeTakeFirst();
  return row && Buffer.from(row.private_key, 'base64');
}
