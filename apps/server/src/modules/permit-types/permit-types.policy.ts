import { rightNavPermission } from '@hasp/contracts';
import { policyTable } from '../../platform';
import type { FacilityConfigState } from '../settings';

/** The permission of this screen: the groups holding it receive every action of a type they create. */
export const permitTypesScreenPermission = rightNavPermission('administrator');
const screen = [permitTypesScreenPermission];

/** Who may change the facility's permit groups and types, by command. */
export const permitTypesPolicy = policyTable<FacilityConfigState>()({
  'permit-types.create': { permissions: screen },
  'permit-types.edit': { permissions: screen },
  'permit-types.arrange': { permissions: screen },
  'permit-groups.create': { permissions: screen },
  'permit-groups.edit': { permissions: screen },
  'permit-groups.remove': { permissions: screen },
});
