import { withDatabase } from './database';

export interface PermitTestUser {
  userName: string;
  displayName: string;
}

/**
 * A user of its own for a permit journey, in the same groups and facilities as a demo user (the
 * template), so parallel specs never share a permit's people. The demo password is copied too.
 */
export async function createUserLike(template: 'worker' | 'supervisor', role: string): Promise<PermitTestUser> {
  const suffix = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
  const user = { userName: `${role}-${suffix}`, displayName: `Pat ${role} ${suffix}` };
  await withDatabase(async (client) => {
    await client.query('begin');
    try {
      const inserted = await client.query<{ id: number }>(
        `insert into users (user_name, display_name, email, password_hash)
         select $1, $2, $3, password_hash from users where user_name = $4 returning id`,
        [user.userName, user.displayName, `${user.userName}@hasp.example`, template],
      );
      const id = inserted.rows[0]!.id;
      for (const table of ['user_facilities', 'user_groups']) {
        const column = table === 'user_facilities' ? 'facility_id' : 'group_id';
        await client.query(
          `insert into ${table} (user_id, ${column})
           select $1, ${column} from ${table} where user_id = (select id from users where user_name = $2)`,
          [id, template],
        );
      }
      await client.query('commit');
    } catch (error) {
      await client.query('rollback');
      throw error;
    }
  });
  return user;
}
