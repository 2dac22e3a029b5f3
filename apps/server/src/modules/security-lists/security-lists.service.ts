import {
  lockedSecurityFeatures,
  rightNavPermissionCatalogue,
  type SecurityListItem,
  type SecurityListsInput,
} from '@hasp/contracts';
import type { Db } from '../../db/schema';
import { AppError } from '../../plugins/app-error';
import { defineCommand, type CommandRun } from '../../platform';
import { facilityConfigTarget, findSecuritySettings, type FacilityConfigState } from '../settings';
import { securityListsPolicy } from './security-lists.policy';

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
 * Switches the listed features on or off for the actor's facility (features not listed keep
 * their setting). Target: the facility's configuration, so concurrent saves serialize and the
 * audit's "before" is what was replaced. Audited with the changed features only; the
 * `permissions.changed` event tells open sessions to reload (after commit).
 */
export const saveSecurityLists = defineCommand({
  name: 'security-lists.update',
  target: facilityConfigTarget,
  policy: securityListsPolicy['security-lists.update'],
  async apply({
    trx,
    input,
    state,
    ...run
  }: CommandRun<SecurityListsInput, FacilityConfigState>): Promise<SecurityListItem[]> {
    const { facilityId } = state;
    const refused = input.features.filter((f) => !f.enabled && lockedSecurityFeatures.includes(f.feature));
    if (refused.length) {
      throw AppError.validation(
        refused.map((f) => ({
          field: `features.${f.feature}`,
          message: 'Security Lists cannot be switched off: nobody could switch features back on.',
        })),
      );
    }
    const current = await findSecuritySettings(trx, facilityId);
    const changed = input.features.filter((f) => current[f.feature] !== f.enabled);
    if (!changed.length) {
      run.unchanged();
      return listSecurityLists(trx, facilityId);
    }
    await trx
      .insertInto('facility_security_settings')
      .values(changed.map((f) => ({ facility_id: facilityId, feature: f.feature, enabled: f.enabled })))
      .onConflict((oc) =>
        oc.columns(['facility_id', 'feature']).doUpdateSet((eb) => ({ enabled: eb.ref('excluded.enabled') })),
      )
      .execute();
    run.audit({
      action: 'security-lists.update',
      entityType: 'facility_security_settings',
      entityId: facilityId,
      before: Object.fromEntries(changed.map((f) => [f.feature, current[f.feature] === true])),
      after: Object.fromEntries(changed.map((f) => [f.feature, f.enabled])),
    });
    run.event({ name: 'permissions.changed', entityType: 'facility', entityId: facilityId });
    return listSecurityLists(trx, facilityId);
  },
});
