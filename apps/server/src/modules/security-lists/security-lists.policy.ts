import { rightNavPermission } from '@hasp/contracts';
import { policyTable } from '../../platform';
import type { FacilityConfigState } from '../settings';

/** Who may switch the facility's features on or off (the configuration has no state that refuses). */
export const securityListsPolicy = policyTable<FacilityConfigState>()({
  'security-lists.update': { permissions: [rightNavPermission('security-lists')] },
});
