import type { Kysely } from 'kysely';
import type { Connection } from '../../db/connections';
import type { Database } from '../../db/schema';
import { defineCommand, runCommand, systemActor, type CommandRun, type EventBus } from '../../platform';
import { findUserByUserName } from '../users';
import { facilityUsersTarget, type FacilityUsersState } from '../user-manage';
import { SamlRefusal } from './saml-xml-guard';
import type { SamlSettings } from './sso-settings';

interface ProvisionInput {
  userName: string;
  email: string | null;
}

type SsoUser = { id: number; user_name: string };

/**
 * Creates the user the identity provider vouched for, without a password, allowed into the
 * provisioning facility (the target: the system acts in it, and its users' lock makes two first
 * sign-ins of one new name make one user — the second finds the first's). Run as the system: the
 * user does not exist until it is made, so its audit row names no actor; `via: 'sso'` says how.
 */
export const provisionSsoUser = defineCommand({
  name: 'user.provision',
  target: facilityUsersTarget,
  // Nobody's permission: the identity provider's signed answer, checked before, is the authority.
  policy: { permissions: [] },
  async apply({ trx, input, ctx, ...run }: CommandRun<ProvisionInput, FacilityUsersState>): Promise<SsoUser> {
    const { userName, email } = input;
    const meanwhile = await findUserByUserName(trx, userName);
    if (meanwhile) {
      run.unchanged();
      return { id: meanwhile.id, user_name: meanwhile.user_name };
    }
    const user = await trx
      .insertInto('users')
      .values({ user_name: userName, display_name: userName, email, password_hash: null })
      .returning(['id', 'user_name'])
      .executeTakeFirstOrThrow();
    const facility = await trx
      .selectFrom('facilities')
      .select('id')
      .where('id', '=', ctx.actor.facilityId)
      .executeTakeFirst();
    if (facility)
      await trx.insertInto('user_facilities').values({ user_id: user.id, facility_id: facility.id }).execute();
    const facilityId = facility?.id ?? null;
    run.audit({
      facilityId,
      action: 'user.provision',
      entityType: 'user',
      entityId: user.id,
      before: null,
      after: { userName, email, facilityIDs: facility ? [facility.id] : [], via: 'sso' },
    });
    run.event({ name: 'user.provisioned', facilityId, entityType: 'user', entityId: user.id });
    return user;
  },
});

/**
 * The Hasp user the identity provider vouched for: found by user name (case-insensitive, as a
 * password sign-in), and active; or, when provisioning is on, created by `user.provision`
 * (audited as a change made by single sign-on, from the sign-in's address).
 */
export async function ssoUser(
  events: EventBus,
  connection: Connection,
  userName: string,
  settings: SamlSettings,
  email: string | null,
  from: { address: string; now: Date },
): Promise<SsoUser> {
  const db: Kysely<Database> = connection.db;
  const existing = await findUserByUserName(db, userName);
  if (existing) {
    if (!existing.is_active) throw new SamlRefusal('user is not active');
    return existing;
  }
  if (!settings.provisionUsers) throw new SamlRefusal('unknown user (provisioning is off)');
  const facilityId = settings.provisionFacilityId;
  const ctx = {
    actor: systemActor(facilityId),
    connection,
    requestId: `system:user.provision:${userName}`,
    address: from.address,
    now: from.now,
    expiresAt: Number.POSITIVE_INFINITY,
  };
  const { result } = await runCommand(events, ctx, provisionSsoUser, {
    name: provisionSsoUser.name,
    targetId: facilityId,
    input: { userName, email },
  });
  return result;
}
