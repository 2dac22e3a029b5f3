import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import { recordAudit } from '../audit';
import { findUserByUserName } from '../users';
import { SamlRefusal } from './saml-xml-guard';
import type { SamlSettings } from './sso-settings';

/**
 * The Hasp user the identity provider vouched for: found by user name (case-insensitive, as a
 * password sign-in), and active; or, when provisioning is on, created without a password and
 * allowed into the provisioning facility (audited as a change made by single sign-on).
 */
export async function ssoUser(
  db: Kysely<Database>,
  userName: string,
  settings: SamlSettings,
  email: string | null,
): Promise<{ id: number; user_name: string }> {
  const existing = await findUserByUserName(db, userName);
  if (existing) {
    if (!existing.is_active) throw new SamlRefusal('user is not active');
    return existing;
  }
  if (!settings.provisionUsers) throw new SamlRefusal('unknown user (provisioning is off)');
  return db.transaction().execute(async (trx) => {
    const user = await trx
      .insertInto('users')
      .values({ user_name: userName, display_name: userName, email, password_hash: null })
      .returning(['id', 'user_name'])
      .executeTakeFirstOrThrow();
    const facility = await trx
      .selectFrom('facilities')
      .select('id')
      .where('id', '=', settings.provisionFacilityId)
      .executeTakeFirst();
    if (facility)
      await trx.insertInto('user_facilities').values({ user_id: user.id, facility_id: facility.id }).execute();
    await recordAudit(trx, {
      userId: user.id,
      facilityId: facility?.id ?? null,
      action: 'user.provision',
      entityType: 'user',
      entityId: user.id,
      before: null,
      after: { userName, email, facilityIDs: facility ? [facility.id] : [], via: 'sso' },
    });
    return user;
  });
}
