import type { Kysely } from 'kysely';
import {
  lockedSecurityFeatures,
  rightNavPermissionCatalogue,
  type SecurityListItem,
  type SecurityListsInput,
} from '@hasp/contracts';
import type { Database } from '../../db/schema';
import { AppError } from '../../plugins/app-error';
import { recordAudit } from '../audit';
import { notifyContextChanged } from '../permissions';
import { findSecuritySettings } from '../settings';

type Db = Kysely<Database>;
interface Caller {
  facilityId: number;
  userId: number;
}

/** Every right-nav feature of the facility: on or off, and what it controls. */
export async function listSecurityLists(db: Db, facilityId: number): Promise<SecurityListItem[]> {
  const settings = await findSecuritySettings(db, facilityId);
  return rightNavPermissionCatalogue.map((p) => ({
    feature: p.rightNavId,
    group: p.group,
    entry: p.entry,
    route: p.route,
    enabled: settings[p.rightNavId] === true,
    locked: lockedSecurityFeatures.includes(p.rightNavId),
    description: p.description.defaultCaption,
  }));
}

/**
 * Switches the listed features on or off for the caller's facility (features not listed keep
 * their setting). Audited with the changed features only; open sessions are told to reload.
 */
export async function saveSecurityLists(
  db: Db,
  caller: Caller,
  input: SecurityListsInput,
): Promise<SecurityListItem[]> {
  const refused = input.features.filter((f) => !f.enabled && lockedSecurityFeatures.includes(f.feature));
  if (refused.length) {
    throw AppError.validation(
      refused.map((f) => ({
        field: `features.${f.feature}`,
        message: 'Security Lists cannot be switched off: nobody could switch features back on.',
      })),
    );
  }
  await db.transaction().execute(async (trx) => {
    // Serializes concurrent saves of one facility, so the audit's "before" is what was replaced.
    await trx.selectFrom('facilities').select('id').where('id', '=', caller.facilityId).forUpdate().executeTakeFirst();
    const current = await findSecuritySettings(trx, caller.facilityId);
    const changed = input.features.filter((f) => current[f.feature] !== f.enabled);
    if (!changed.length) return;
    await trx
      .insertInto('facility_security_settings')
      .values(changed.map((f) => ({ facility_id: caller.facilityId, feature: f.feature, enabled: f.enabled })))
      .onConflict((oc) =>
        oc.columns(['facility_id', 'feature']).doUpdateSet((eb) => ({ enabled: eb.ref('excluded.enabled') })),
      )
      .execute();
    await recordAudit(trx, {
      userId: caller.userId,
      facilityId: caller.facilityId,
      action: 'security-lists.update',
      entityType: 'facility_security_settings',
      entityId: caller.facilityId,
      before: Object.fromEntries(changed.map((f) => [f.feature, current[f.feature] === true])),
      after: Object.fromEntries(changed.map((f) => [f.feature, f.enabled])),
    });
    await notifyContextChanged(trx, caller.facilityId);
  });
  return listSecurityLists(db, caller.facilityId);
}
