import { rightNavPermission } from '@hasp/contracts';
import { policyTable, type FacilityTargetState } from '../../platform';

const screen = [rightNavPermission('user-management')];

/**
 * Who may run User Management's commands: its screen's permission, as the routes' preHandler. The
 * reach rules (decision 0013) and the caller's own account depend on the request: the use cases
 * refuse them, with the messages the routes always gave.
 */
export const userManagementPolicy = policyTable<FacilityTargetState>()({
  'user.bulk-action': { permissions: screen },
  'user.import': { permissions: screen },
});
