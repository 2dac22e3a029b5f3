import type { Kysely } from 'kysely';
import type { Database, UserRow } from '../../db/schema';
import { DirectoryUnavailableError, verifyDirectoryPassword } from '../directory';
import { insertAuthEvent } from './auth-event.repository';
import { verifyAgainstDummy, verifyPassword } from './password';

/** A user whose password can be checked: active, and either an Active Directory user or one with a local password. */
export function canCheckPassword(user: UserRow | undefined): user is UserRow {
  return !!user && user.is_active && (user.is_active_directory_user || user.password_hash !== null);
}

/**
 * The password-check step of sign-in. Active Directory users: the connection's directory (an
 * outage is a 503, never a fall back to a stored password). Local users: the stored hash. Anyone
 * else costs the same work and fails, so timing does not reveal which user names exist.
 */
export async function checkSignInPassword(
  db: Kysely<Database>,
  user: UserRow | undefined,
  password: string,
  ip: string,
): Promise<boolean> {
  if (!canCheckPassword(user)) return verifyAgainstDummy(password);
  if (!user.is_active_directory_user) return verifyPassword(user.password_hash!, password);
  // A locked account is refused whatever is typed: spend no bind on it (nor the directory's own lockout).
  if (user.locked_at) return false;
  try {
    return await verifyDirectoryPassword(db, user.user_name, password);
  } catch (error) {
    if (error instanceof DirectoryUnavailableError) {
      await insertAuthEvent(db, {
        kind: 'directory_unavailable',
        userName: user.user_name,
        userId: user.id,
        ip,
        detail: error.reason,
      });
    }
    throw error;
  }
}
