import { createHash, randomBytes } from 'node:crypto';

/**
 * Refresh tokens are opaque: `<connection name, base64url>.<256 random bits>`. The prefix tells
 * the server which database holds the (hashed) token; the random part is what proves possession.
 */
export function newRefreshToken(connectionName: string): string {
  return `${Buffer.from(connectionName).toString('base64url')}.${randomBytes(32).toString('base64url')}`;
}

/** The connection name a refresh token belongs to, or null if it is not one of ours. */
export function connectionOfRefreshToken(token: string): string | null {
  const match = /^([A-Za-z0-9_-]{1,200})\.[A-Za-z0-9_-]{43}$/.exec(token);
  return match?.[1] ? Buffer.from(match[1], 'base64url').toString('utf8') : null;
}

/** Only this hash is stored, so a database leak does not leak live tokens. */
export function hashRefreshToken(token: string): string {
  return createHash('sha256').update(token).digest('base64url');
}
