import { createHash } from 'node:crypto';
import type { SyncCommand } from '@hasp/contracts';

/** JSON with object keys sorted, so the same command always hashes the same. */
function canonical(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`;
  if (value && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, v]) => v !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonical(v)}`).join(',')}}`;
  }
  return JSON.stringify(value ?? null);
}

/** What makes a resend "the same command" at one seq: key, name, target, input, base version (not the device time). */
export function syncCommandHash(c: SyncCommand): string {
  const { idempotencyKey, name, targetId, input, baseVersion } = c;
  return createHash('sha256')
    .update(canonical({ idempotencyKey, name, targetId, input: withoutSecrets(input), baseVersion }))
    .digest('hex');
}

/**
 * The input as stored: never a password, nor a sealed one (the same database holds the key that
 * opens it, so a stored seal would be a stored password).
 */
export function withoutSecrets(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(withoutSecrets);
  if (value && typeof value === 'object') {
    return Object.fromEntries(
      Object.entries(value as Record<string, unknown>)
        .filter(([k]) => !/password|sealedSignature/i.test(k))
        .map(([k, v]) => [k, withoutSecrets(v)]),
    );
  }
  return value;
}

/** A record's state as JSON (conflicts keep the server's side): sets as arrays, dates as ISO strings. */
export function asJson(value: unknown): unknown {
  return JSON.parse(
    JSON.stringify(value, (_k, v: unknown) =>
      v instanceof Set
        ? [...(v as Set<unknown>)]
        : v instanceof Map
          ? Object.fromEntries(v as Map<string, unknown>)
          : typeof v === 'bigint'
            ? String(v)
            : v,
    ) ?? 'null',
  ) as unknown;
}
