import { sql, type Kysely } from 'kysely';

/**
 * Lock Manage (decision 0037): a new right-nav entry. A feature with no security-list row
 * is off, so every existing facility gets it switched on like the other Asset entries, and the groups
 * that may manage assets may manage locks. Facilities created later get it from their defaults.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    insert into facility_security_settings (facility_id, feature, enabled)
      select id, 'lock-manage', true from facilities
      on conflict do nothing;
    insert into group_permissions (group_id, permission)
      select group_id, 'rightnav:lock-manage' from group_permissions where permission = 'rightnav:asset-manage'
      on conflict do nothing;
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`
    delete from group_permissions where permission = 'rightnav:lock-manage';
    delete from facility_security_settings where feature = 'lock-manage';
  `.execute(db);
}
