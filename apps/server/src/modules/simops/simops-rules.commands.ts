import { rightNavPermission, type SimopsRuleInput, type SimopsRules } from '@hasp/contracts';
import { defineCommand, policyTable, type CommandRun } from '../../platform';
import { AppError } from '../../plugins/app-error';
import { facilityConfigTarget, type FacilityConfigState } from '../settings';
import { findSimopsRule, listSimopsRules, saveSimopsRule } from './simops.repository';

/** The rules are administered where the permit types are: Administrator (rightnav:administrator). */
export const simopsRulesPermission = rightNavPermission('administrator');

export const simopsRulesPolicy = policyTable<FacilityConfigState>()({
  'simops-rules.set': { permissions: [simopsRulesPermission] },
});

/**
 * Sets the rule of a pair of the facility's permit types (`none` removes it), on the facility's
 * configuration like every configuration change: audited with the rule before and after.
 */
export const setSimopsRule = defineCommand({
  name: 'simops-rules.set',
  target: facilityConfigTarget,
  policy: simopsRulesPolicy['simops-rules.set'],
  async apply({ trx, input, state, ...run }: CommandRun<SimopsRuleInput, FacilityConfigState>): Promise<SimopsRules> {
    const facilityId = state.facilityId;
    const config = await listSimopsRules(trx, facilityId);
    const first = config.types.find((t) => t.ID === input.firstTypeId);
    const second = config.types.find((t) => t.ID === input.secondTypeId);
    if (!first || !second) {
      const field = first ? 'secondTypeId' : 'firstTypeId';
      throw AppError.validation([{ field, message: 'Permit type: no such permit type in this facility' }]);
    }
    const before = await findSimopsRule(trx, facilityId, first.ID, second.ID);
    if ((before ?? 'none') === input.mode) {
      run.unchanged();
      return config;
    }
    await saveSimopsRule(trx, facilityId, first.ID, second.ID, input.mode);
    const pair = { first: first.code, second: second.code };
    run.audit({
      action: 'simops-rules.set',
      entityType: 'facility',
      entityId: facilityId,
      before: { ...pair, mode: before ?? 'none' },
      after: { ...pair, mode: input.mode },
    });
    run.event({ name: 'simops-rules.changed', entityType: 'facility', entityId: facilityId });
    return listSimopsRules(trx, facilityId);
  },
});
