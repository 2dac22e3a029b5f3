import { Migrator, sql, type Kysely } from 'kysely';
import type { Connection } from './connections';
import { createKysely } from './connections';
import { grantApplicationRole } from './database-roles';
import { migrateToLatest } from './migrate';
import { migrations } from './migrations/index';

/**
 * Brings a connection's database to the latest schema as its owner role, then grants the
 * application role what it needs. Without an owner URL Hasp may not change the schema: it only
 * checks that nothing is pending and names the fix.
 */
export async function prepareSchema(connection: Connection): Promise<void> {
  if (!connection.ownerUrl) {
    const pending = await pendingMigrations(connection.db as never);
    if (pending.length > 0) {
      throw new Error(
        `Connection ${connection.name}: ${pending.length} migration(s) pending (first ${pending[0]}) and no ownerUrl to run them with: give the connection its owner role's URL (README, "An external PostgreSQL").`,
      );
    }
    return;
  }
  const owner = createKysely(connection.ownerUrl, 1);
  try {
    await migrateToLatest(owner as never);
    // The application role as it signs in (a URL may leave the user name to libpq's default).
    const { rows } = await sql<{ role: string }>`select current_user as role`.execute(connection.db);
    await grantApplicationRole(owner as never, rows[0]!.role);
  } finally {
    await owner.destroy();
  }
}

/** Migrations this code knows that the database has not run. */
export async function pendingMigrations(db: Kysely<unknown>): Promise<string[]> {
  const migrator = new Migrator({ db, provider: { getMigrations: () => Promise.resolve(migrations) } });
  const all = await migrator.getMigrations();
  return all.filter((m) => m.executedAt === undefined).map((m) => m.name);
}
