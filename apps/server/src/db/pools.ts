import type { Kysely } from 'kysely';
import type pg from 'pg';

const pools = new WeakMap<object, pg.Pool>();

/** Remembers the pg pool a Kysely instance was built over (createKysely). */
export function registerPool<T>(db: Kysely<T>, pool: pg.Pool): void {
  pools.set(db, pool);
}

/**
 * The pg pool under a connection's Kysely instance, for the rare hot read that needs what Kysely
 * cannot send: a named (prepared) statement, which PostgreSQL parses and plans once per session
 * instead of on every call (the public tag status route; bench/tag-status.ts). Undefined for a
 * Kysely instance built elsewhere: callers fall back to Kysely.
 */
export function poolOf<T>(db: Kysely<T>): pg.Pool | undefined {
  return pools.get(db);
}
