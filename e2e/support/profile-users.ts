import { withDatabase } from './database';

export interface TestUser {
  userName: string;
  displayName: string;
  email: string;
}

/**
 * Creates a user of its own for a test that changes what a user owns (password, language, devices),
 * so specs signing in as the demo users in parallel are never disturbed. The user gets the demo
 * password (the worker's hash is copied: all demo users share it), the worker's facilities and groups.
 */
export async function createTestUser(prefix: string): Promise<TestUser> {
  const suffix = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
  const user = {
    userName: `${prefix}-${suffix}`,
    displayName: `Pat ${prefix} ${suffix}`,
    email: `${prefix}-${suffix}@hasp.example`,
  };
  await withDatabase(async (client) => {
    await client.query('begin');
    try {
      const inserted = await client.query<{ id: number }>(
        `insert into users (user_name, display_name, email, password_hash)
         select $1, $2, $3, password_hash from users where user_name = 'worker'
         returning id`,
        [user.userName, user.displayName, user.email],
      );
      const id = inserted.rows[0]!.id;
      await client.query(
        `insert into user_facilities (user_id, facility_id)
         select $1, facility_id from user_facilities where user_id = (select id from users where user_name = 'worker')`,
        [id],
      );
      await client.query(
        `insert into user_groups (user_id, group_id)
         select $1, group_id from user_groups where user_id = (select id from users where user_name = 'worker')`,
        [id],
      );
      await client.query('commit');
    } catch (error) {
      await client.query('rollback');
      throw error;
    }
  });
  return user;
}
