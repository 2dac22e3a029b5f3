import { sql, type Kysely } from 'kysely';

/**
 * Connection grants: permissions a user holds for the whole connection (contracts'
 * connectionPermissions), never through a facility's group. Existing connections keep a way to
 * change their shared settings: whoever already administers settings in every active facility
 * gets `connection:settings` (an administrator of some facilities only does not).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('connection_grants')
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('permission', 'text', (c) => c.notNull().check(sql`permission in ('connection:settings')`))
    .addColumn('granted_by', 'integer', (c) => c.references('users.id'))
    .addColumn('granted_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addPrimaryKeyConstraint('connection_grants_pk', ['user_id', 'permission'])
    .execute();
  await sql`
    insert into connection_grants (user_id, permission)
    select u.id, 'connection:settings' from users u
    where exists (select 1 from facilities where is_active)
      and not exists (
        select 1 from facilities f
        where f.is_active
          and not exists (
            select 1 from user_facilities uf
            join groups g on g.facility_id = uf.facility_id
            join user_groups ug on ug.group_id = g.id and ug.user_id = uf.user_id
            join group_permissions gp on gp.group_id = g.id and gp.permission = 'rightnav:settings-table'
            where uf.user_id = u.id and uf.facility_id = f.id
          )
      )`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('connection_grants').execute();
}
