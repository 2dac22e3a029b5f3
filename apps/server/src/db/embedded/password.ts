import pg from 'pg';
import { EmbeddedStartError } from './postgres-binaries';

/** The superuser password every embedded data folder had before each got its own. */
export const LEGACY_PASSWORD = 'hasp-embedded';

const INVALID_PASSWORD = '28P01';

async function tryConnect(url: string): Promise<pg.Client | 'refused'> {
  const client = new pg.Client({ connectionString: url });
  try {
    await client.connect();
    return client;
  } catch (error) {
    await client.end().catch(() => {});
    if ((error as { code?: string }).code === INVALID_PASSWORD) return 'refused';
    throw error;
  }
}

/**
 * Makes sure the embedded superuser's password is the data folder's own (data/pg-password).
 * A folder created before that still has the old fixed password: sign in with it once and
 * change it, so the stored one works from then on (also after a crash between the two steps,
 * since the stored one is written before it is set).
 */
export async function adoptPassword(
  url: string,
  legacyUrl: (legacyPassword: string) => string,
  password: string,
): Promise<'current' | 'migrated'> {
  const current = await tryConnect(url);
  if (current !== 'refused') {
    await current.end();
    return 'current';
  }
  const legacy = await tryConnect(legacyUrl(LEGACY_PASSWORD));
  if (legacy === 'refused') {
    throw new EmbeddedStartError(
      'The embedded database refused the password in data/pg-password: restore that file from the folder it came with (or move data/pg aside to start afresh).',
    );
  }
  try {
    await legacy.query(`alter role current_user password ${legacy.escapeLiteral(password)}`);
  } finally {
    await legacy.end();
  }
  return 'migrated';
}
