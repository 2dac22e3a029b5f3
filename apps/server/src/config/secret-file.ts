import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';

/**
 * Reads a generated secret kept in the data folder, creating it (random, mode 0600) on first use,
 * so it stays the same across restarts and only this OS user can read it.
 */
export function readOrCreateSecret(file: string, bytes = 32): string {
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  mkdirSync(path.dirname(file), { recursive: true, mode: 0o700 });
  const secret = randomBytes(bytes).toString('base64url');
  // 'wx': two processes racing to create it keep the first one's secret.
  try {
    writeFileSync(file, secret, { mode: 0o600, flag: 'wx' });
  } catch (error) {
    if ((error as { code?: string }).code !== 'EEXIST') throw error;
    return readFileSync(file, 'utf8').trim();
  }
  return secret;
}
