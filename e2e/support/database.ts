import { readFileSync } from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import { E2E_PG_PORT, e2eDataDir } from './ports';

/**
 * The end-to-end server's embedded PostgreSQL (support/ports.ts; the embedded server's
 * superuser, with the password the server generated into its data folder — read when used, as
 * the server creates it only once it starts). Tests use it to make things happen that only the
 * server side can start, such as a new notification.
 */
export function e2eDatabaseUrl(database = 'hasp_demo'): string {
  const password = readFileSync(path.join(e2eDataDir, 'pg-password'), 'utf8').trim();
  return `postgres://postgres:${encodeURIComponent(password)}@127.0.0.1:${E2E_PG_PORT}/${database}`;
}

/** Runs `task` against the Demo connection's database, or another connection's (`hasp_<name>`, e.g. hasp_sso). */
export async function withDatabase<T>(task: (client: pg.Client) => Promise<T>, database = 'hasp_demo'): Promise<T> {
  const client = new pg.Client({ connectionString: e2eDatabaseUrl(database) });
  await client.connect();
  try {
    return await task(client);
  } finally {
    await client.end();
  }
}

export interface NewNotification {
  userName: string;
  facilityId: number;
  title: string;
  body?: string;
  link?: string | null;
}

/**
 * Inserts notifications, each in its own transaction (the trigger's NOTIFY goes out at commit).
 * Resolves with their ids and the time the last insert returned from the database, i.e. committed.
 */
export function insertNotifications(notes: NewNotification[]): Promise<{ ids: number[]; committedAt: number }> {
  return withDatabase(async (client) => {
    const ids: number[] = [];
    let committedAt = 0;
    for (const note of notes) {
      const result = await client.query<{ id: string }>(
        `insert into notifications (facility_id, user_id, title, body, link)
         select $1, id, $3, $4, $5 from users where user_name = $2
         returning id`,
        [note.facilityId, note.userName, note.title, note.body ?? '', note.link ?? null],
      );
      committedAt = Date.now();
      ids.push(Number(result.rows[0]!.id));
    }
    return { ids, committedAt };
  });
}

/** Empties one user's inbox in one facility (as the panel's delete-all does), for a known start. */
export function clearNotifications(userName: string, facilityId: number): Promise<void> {
  return withDatabase(async (client) => {
    await client.query(
      `update notifications set deleted_at = now()
       where facility_id = $1 and user_id = (select id from users where user_name = $2) and deleted_at is null`,
      [facilityId, userName],
    );
  });
}
