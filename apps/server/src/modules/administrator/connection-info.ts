import { sql } from 'kysely';
import type { ConnectionInfo } from '@hasp/contracts';
import type { ConnectionConfig } from '../../config/config';
import type { Connection } from '../../db/connections';

/**
 * What the signed-in connection is. Built from named facts only: the connection's URL (address,
 * user, password) never leaves the server, not even its host name.
 */
export async function readConnectionInfo(
  connection: Connection,
  configs: ConnectionConfig[],
  now: Date,
): Promise<ConnectionInfo> {
  const { db } = connection;
  const config = configs.find((c) => c.name.toLowerCase() === connection.name.toLowerCase());
  const [server, counts] = await Promise.all([
    sql<{
      version: string;
      size: number;
    }>`select version() as version, pg_database_size(current_database()) as size`.execute(db),
    db
      .selectNoFrom((eb) => [
        eb
          .selectFrom('facilities')
          .select((f) => f.fn.countAll<number>().as('n'))
          .as('facilities'),
        eb
          .selectFrom('facilities')
          .select((f) => f.fn.countAll<number>().as('n'))
          .where('is_active', '=', true)
          .as('active_facilities'),
        eb
          .selectFrom('users')
          .select((f) => f.fn.countAll<number>().as('n'))
          .as('users'),
        eb
          .selectFrom('users')
          .select((f) => f.fn.countAll<number>().as('n'))
          .where('is_active', '=', true)
          .as('active_users'),
        // One live sign-in is one refresh-token family whose newest token is still usable.
        eb
          .selectFrom('refresh_tokens')
          .select(sql<number>`count(distinct family_id)`.as('n'))
          .where('revoked_at', 'is', null)
          .where('used_at', 'is', null)
          .where('expires_at', '>', now)
          .as('sessions'),
      ])
      .executeTakeFirstOrThrow(),
  ]);
  const row = server.rows[0]!;
  return {
    name: connection.name,
    mode: config?.url ? 'external' : 'embedded',
    serverVersion: row.version,
    databaseSizeBytes: Number(row.size),
    facilityCount: Number(counts.facilities),
    activeFacilityCount: Number(counts.active_facilities),
    userCount: Number(counts.users),
    activeUserCount: Number(counts.active_users),
    activeSessionCount: Number(counts.sessions),
  };
}
