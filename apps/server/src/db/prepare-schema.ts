import { sql } from 'kysely';
import { createKysely, type Connection } from './connections';
import { grantApplicationRole } from './database-roles';
import { migrateToLatest, pendingMigrations } from './migrate';

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
