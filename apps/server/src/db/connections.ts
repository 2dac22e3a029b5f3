import { Kysely, PostgresDialect } from 'kysely';
import pg from 'pg';
import type { ConnectionConfig } from '../config/config';
import type { Database } from './schema';
import type { EmbeddedServer } from './embedded-server';
import { adoptEmbeddedDatabase } from './database-roles';
import { registerPool } from './pools';
import { PreparingClient } from './prepared-statements';
import { TEXT_ARRAY_OID, textArrayParser } from './text-arrays';
import { registerWriteWatch, WriteWatch } from './write-watch';

// Return timestamps as Date and bigint counts as numbers (counts here stay far below 2^53).
pg.types.setTypeParser(20, (value) => Number(value));
// text[] is not among pg's named built-in types (TypeId), though its parser is.
const textArray = TEXT_ARRAY_OID as unknown as Parameters<typeof pg.types.getTypeParser>[0];
pg.types.setTypeParser(
  textArray,
  textArrayParser(pg.types.getTypeParser(textArray, 'text') as (value: string) => unknown),
);

/** One named connection ("connection string name"): one PostgreSQL database. */
export interface Connection {
  name: string;
  db: Kysely<Database>;
  /** Its PostgreSQL URL as the application role: the pool's, the LISTEN client's and the job queue's. */
  url: string;
  /** As the owner role, for migrations (db/database-roles.ts); absent when Hasp may not migrate it. */
  ownerUrl?: string;
}

/** The named connections of this server, each with its own pool. */
export class ConnectionRegistry {
  private readonly byName = new Map<string, Connection>();

  constructor(connections: Connection[]) {
    for (const connection of connections) this.byName.set(connection.name.toLowerCase(), connection);
  }

  /** Names in configuration order. */
  names(): string[] {
    return [...this.byName.values()].map((c) => c.name);
  }

  /** Finds a connection by name, ignoring case. */
  find(name: string): Connection | undefined {
    return this.byName.get(name.toLowerCase());
  }

  all(): Connection[] {
    return [...this.byName.values()];
  }

  async close(): Promise<void> {
    await Promise.all(this.all().map((c) => c.db.destroy()));
  }
}

/** Database name on the embedded server for a connection without a URL. */
export function embeddedDatabaseName(connectionName: string): string {
  return `hasp_${connectionName.toLowerCase().replace(/[^a-z0-9]+/g, '_')}`;
}

export function createKysely(url: string, maxConnections = 10): Kysely<Database> {
  // Statements run again and again are prepared on the server once per connection (decision 0066).
  const pool = new pg.Pool({ connectionString: url, max: maxConnections, Client: PreparingClient });
  // An idle client losing its server (restart, shutdown) emits 'error' on the pool; unhandled,
  // that would crash the process. The pool drops the client and the next query reconnects.
  pool.on('error', (error) => console.warn(`database connection lost: ${error.message}`));
  // The access cache hears this process's own writes at once through the watch (db/write-watch.ts).
  const watch = new WriteWatch();
  const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }), plugins: [watch] });
  registerWriteWatch(db, watch);
  registerPool(db, pool);
  return db;
}

/** Creates the database on the server at `adminUrl` if it does not exist yet. */
export async function ensureDatabase(adminUrl: string, database: string): Promise<void> {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    const found = await client.query('select 1 from pg_database where datname = $1', [database]);
    if (found.rowCount === 0) await client.query(`create database "${database.replace(/"/g, '""')}"`);
  } catch (error) {
    // Two processes racing to create it: the loser sees a duplicate, which is fine.
    if ((error as { code?: string }).code !== '42P04') throw error;
  } finally {
    await client.end();
  }
}

/** Resolves each configured connection to a URL (creating embedded databases as needed). */
export async function openConnections(
  configs: ConnectionConfig[],
  embedded: EmbeddedServer | null,
): Promise<ConnectionRegistry> {
  const connections: Connection[] = [];
  for (const config of configs) {
    let url = config.url;
    let ownerUrl = config.ownerUrl;
    if (!url) {
      if (!embedded) throw new Error(`Connection ${config.name} has no URL and no embedded server is running`);
      const database = embeddedDatabaseName(config.name);
      await ensureDatabase(embedded.urlFor('postgres'), database);
      await adoptEmbeddedDatabase(embedded.urlFor('postgres'), database);
      url = embedded.roleUrlFor(database, 'app');
      ownerUrl = embedded.roleUrlFor(database, 'owner');
    }
    connections.push({ name: config.name, db: createKysely(url), url, ...(ownerUrl ? { ownerUrl } : {}) });
  }
  return new ConnectionRegistry(connections);
}
