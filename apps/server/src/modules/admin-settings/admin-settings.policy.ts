import { rightNavPermission, settingDefinition, type Permission } from '@hasp/contracts';
import { policyTable } from '../../platform';
import type { FacilityConfigState } from '../settings';

const manager = rightNavPermission('settings-manager');
const table = rightNavPermission('settings-table');

/** Who may change the facility's settings, by command (the configuration has no state that refuses). */
export const adminSettingsPolicy = policyTable<FacilityConfigState>()({
  'facility-settings.update': { permissions: [manager] },
  // SSO, the directory and the password policy are shared by every facility: a facility permission is not enough.
  'settings.update': {
    permissions: (input: { key: string }): Permission[] =>
      settingDefinition(input.key)?.scope === 'connection' ? [table, 'connection:settings'] : [table],
  },
});
