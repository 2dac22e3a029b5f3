import {
  directoryServiceAccount,
  startSlapd,
  type DirectoryUser,
  type TestDirectory,
} from '../../apps/server/test/support/slapd';
import { withDatabase } from './database';
import { createTestUser, type TestUser } from './profile-users';

/**
 * A real directory (slapd, the server tests' launcher) for the Demo connection: one Active
 * Directory user of the test's own, the `ldap.*` settings pointed at it. `restore()` puts the
 * settings back and stops the directory.
 */
export interface E2eDirectory {
  slapd: TestDirectory;
  user: TestUser & { directoryPassword: string };
  restore(): Promise<void>;
}

/** Connection-wide settings rows (facility_id null), as stored (jsonb). */
async function readLdapSettings(): Promise<{ key: string; value: unknown }[]> {
  return withDatabase(
    async (db) =>
      (await db.query(`select key, value from app_settings where key like 'ldap.%' and facility_id is null`)).rows as {
        key: string;
        value: unknown;
      }[],
  );
}

export async function writeLdapSettings(settings: { key: string; value: unknown }[]): Promise<void> {
  await withDatabase(async (db) => {
    for (const { key, value } of settings) {
      await db.query(
        `insert into app_settings (key, facility_id, value) values ($1, null, $2::jsonb)
         on conflict (key, facility_id) do update set value = excluded.value, updated_at = now()`,
        [key, JSON.stringify(value)],
      );
    }
  });
}

export async function startE2eDirectory(): Promise<E2eDirectory> {
  // The Hasp user is the test's own; the directory gets an entry of the same name, with another password.
  const hasp = await createTestUser('ad');
  const user = { ...hasp, directoryPassword: `dir-${hasp.userName}-Pass` };
  const entry: DirectoryUser = { uid: user.userName, password: user.directoryPassword, name: user.displayName };
  const slapd = await startSlapd([entry]);
  // The user keeps the demo password's hash from before they became a directory user: it must never work.
  await withDatabase((db) =>
    db.query(`update users set is_active_directory_user = true where user_name = $1`, [user.userName]),
  );
  const saved = await readLdapSettings();
  await writeLdapSettings([
    { key: 'ldap.url', value: slapd.url },
    { key: 'ldap.baseDn', value: `ou=people,${slapd.baseDn}` },
    { key: 'ldap.bindDn', value: directoryServiceAccount.dn },
    { key: 'ldap.bindPassword', value: directoryServiceAccount.password },
    { key: 'ldap.userFilter', value: '(uid={{username}})' },
  ]);
  return {
    slapd,
    user,
    restore: async () => {
      await withDatabase((db) => db.query(`delete from app_settings where key like 'ldap.%' and facility_id is null`));
      await writeLdapSettings(saved);
      await slapd.stop();
    },
  };
}
