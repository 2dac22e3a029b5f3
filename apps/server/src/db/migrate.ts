import { Migrator, type Kysely } from 'kysely';
import { migrations } from './migrations/index';

const migratorOf = (db: Kysely<unknown>) =>
  new Migrator({ db, provider: { getMigrations: () => Promise.resolve(migrations) } });

/** Brings one connection's database to the latest schema; throws with the failing migration's name. */
export async function migrateToLatest(db: Kysely<unknown>): Promise<void> {
  const migrator = migratorOf(db);
  const { error, results } = await migrator.migrateToLatest();
  const failed = results?.find((r) => r.status === 'Error');
  if (error) {
    throw new Error(`Migration ${failed?.migrationName ?? ''} failed: ${(error as Error).message}`, { cause: error });
  }
}

/** Migrations this code knows that the database has not run. */
export async function pendingMigrations(db: Kysely<unknown>): Promise<string[]> {
  const all = await migratorOf(db).getMigrations();
  return all.filter((m) => m.executedAt === undefined).map((m) => m.name);
}
