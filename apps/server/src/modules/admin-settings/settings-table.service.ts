import type { Kysely } from 'kysely';
import {
  LOGIN_TIMEOUT_MAX,
  LOGIN_TIMEOUT_MIN,
  PREFIX_MAX_LENGTH,
  infoUrlProblem,
  loginTimeoutProblem,
  prefixProblem,
  settingDefinition,
  settingDefinitions,
  type FacilitySettings,
  type SettingDefinition,
  type SettingEntry,
  type SettingEntryValue,
  type SettingKey,
} from '@hasp/contracts';
import type { Database } from '../../db/schema';
import { AppError } from '../../plugins/app-error';
import { defineCommand, type CommandRun } from '../../platform';
import {
  facilityConfigTarget,
  type FacilityConfigState,
  isSecretSetting,
  readSetting,
  storeSetting,
  findFacilitySettings,
  listFacilityPermitTypes,
} from '../settings';
import { adminSettingsPolicy } from './admin-settings.policy';
import { changeFacilitySettings } from './facility-settings.service';

type ModuleName = keyof FacilitySettings['moduleSettings'];
const modules: Record<ModuleName, { default: boolean; description: string }> = {
  OfflineMode: {
    default: true,
    description: 'Offline mode: permits can be used offline, and the top bar shows the go-offline toggle.',
  },
  CustomDashboards: {
    default: false,
    description: 'Custom dashboards: when online, the home page is the dashboards instead of the announcements.',
  },
  Notifications: {
    default: true,
    description: 'Notifications: users get notifications and the top bar shows the bell.',
  },
};

/** The facility settings (Settings Manager) as rows of the Settings Table, keyed in the seed's shape. */
async function facilitySettingEntries(db: Kysely<Database>, facilityId: number): Promise<SettingEntry[]> {
  const [settings, types] = await Promise.all([
    findFacilitySettings(db, facilityId),
    listFacilityPermitTypes(db, facilityId),
  ]);
  const source = 'facility-settings' as const;
  const scope = 'facility' as const;
  return [
    {
      key: 'generalSettings.loginTimeout',
      scope,
      type: 'integer',
      description: 'Minutes without activity after which a signed-in user is signed out (offline: 1440).',
      default: 10,
      value: settings.generalSettings.loginTimeout,
      min: LOGIN_TIMEOUT_MIN,
      max: LOGIN_TIMEOUT_MAX,
      source,
    },
    {
      key: 'generalSettings.infoUrl',
      scope,
      type: 'text',
      description: 'Address of the facility’s information page (http or https); empty for none.',
      default: '',
      value: settings.generalSettings.infoUrl,
      maxLength: 2000,
      source,
    },
    ...(Object.keys(modules) as ModuleName[]).map((name) => ({
      key: `moduleSettings.${name}`,
      scope,
      type: 'boolean' as const,
      description: modules[name].description,
      default: modules[name].default,
      value: settings.moduleSettings[name],
      source,
    })),
    ...types.map((type) => ({
      key: `offlinePermitTypes.${type.code}`,
      scope,
      type: 'boolean' as const,
      description: `${type.name} (${type.code}) permits can be created and used offline.`,
      default: false,
      value: settings.offlinePermitTypes.includes(type.code),
      source,
    })),
    ...types.map((type) => ({
      key: `prefixes.${type.code}`,
      scope,
      type: 'text' as const,
      description: `Numbering prefix of ${type.name} (${type.code}) permits: 1 to ${PREFIX_MAX_LENGTH} letters, digits or hyphens.`,
      default: null,
      value: settings.prefixes[type.code] ?? '',
      maxLength: PREFIX_MAX_LENGTH,
      source,
    })),
  ];
}

/** Every setting the caller's facility has: the settings table's catalogue, then the facility settings. */
export async function listSettingEntries(db: Kysely<Database>, facilityId: number): Promise<SettingEntry[]> {
  const catalogue = await Promise.all(
    (settingDefinitions as readonly SettingDefinition[]).map(async (definition): Promise<SettingEntry> => {
      const limits =
        definition.type === 'integer'
          ? { min: definition.min, max: definition.max }
          : definition.type === 'text'
            ? { maxLength: definition.maxLength }
            : {};
      const value = await readSetting(db, definition.key as SettingKey, facilityId);
      return {
        key: definition.key,
        scope: definition.scope,
        type: definition.type,
        description: definition.description,
        default: definition.default,
        // A secret's value never leaves the server: only whether one is stored.
        ...(isSecretSetting(definition) ? { value: '', secret: true, isSet: value !== '' } : { value }),
        ...limits,
        source: 'settings-table',
      };
    }),
  );
  return [...catalogue, ...(await facilitySettingEntries(db, facilityId))];
}

/** The facility settings with one value changed, or the reason the value cannot be that setting's. */
function patchFacilitySettings(
  settings: FacilitySettings,
  key: string,
  value: SettingEntryValue,
  codes: string[],
): FacilitySettings {
  const [area, name = ''] = splitKey(key);
  const refuse = (message: string): never => {
    throw AppError.validation([{ field: key, message }]);
  };
  const next: FacilitySettings = {
    generalSettings: { ...settings.generalSettings },
    moduleSettings: { ...settings.moduleSettings },
    offlinePermitTypes: [...settings.offlinePermitTypes],
    prefixes: { ...settings.prefixes },
  };
  if (key === 'generalSettings.loginTimeout') {
    const problem = loginTimeoutProblem(value);
    if (problem) refuse(problem);
    next.generalSettings.loginTimeout = value as number;
  } else if (key === 'generalSettings.infoUrl') {
    const problem = infoUrlProblem(value);
    if (problem) refuse(problem);
    next.generalSettings.infoUrl = value as string;
  } else if (area === 'moduleSettings' && name in modules) {
    if (typeof value !== 'boolean') refuse(`${name}: choose on or off.`);
    next.moduleSettings[name as ModuleName] = value as boolean;
  } else if (area === 'offlinePermitTypes' && codes.includes(name)) {
    if (typeof value !== 'boolean') refuse(`Offline permit types: choose on or off for ${name}.`);
    next.offlinePermitTypes = next.offlinePermitTypes.filter((code) => code !== name);
    if (value === true) next.offlinePermitTypes.push(name);
  } else if (area === 'prefixes' && codes.includes(name)) {
    const problem = prefixProblem(name, value);
    if (problem) refuse(problem);
    next.prefixes[name] = value as string;
  } else {
    throw AppError.notFound('Setting');
  }
  return next;
}

function splitKey(key: string): [string, string?] {
  const dot = key.indexOf('.');
  return dot < 0 ? [key] : [key.slice(0, dot), key.slice(dot + 1)];
}

/**
 * Settings Table: changes one setting, read and written inside the command's transaction with
 * the facility's configuration locked (two edits at once both land). A catalogue setting goes
 * through storeSetting, a facility setting through the Settings Manager's path (same validation,
 * same audit). Answers the new row.
 */
export const updateSettingEntry = defineCommand({
  name: 'settings.update',
  target: facilityConfigTarget,
  policy: adminSettingsPolicy['settings.update'],
  async apply(run: CommandRun<{ key: string; value: SettingEntryValue }, FacilityConfigState>): Promise<SettingEntry> {
    const { trx, ctx, input, state } = run;
    const { key, value } = input;
    if (settingDefinition(key)) {
      const change = {
        key,
        value,
        facilityId: state.facilityId,
        userId: ctx.actor.userId,
        auditFacilityId: state.facilityId,
      };
      run.audit(await storeSetting(trx, change, ctx.now));
      run.event({ name: 'settings.changed', entityType: 'setting', entityId: key });
    } else {
      const [settings, types] = await Promise.all([
        findFacilitySettings(trx, state.facilityId),
        listFacilityPermitTypes(trx, state.facilityId),
      ]);
      const codes = types.map((t) => t.code);
      await changeFacilitySettings(run, patchFacilitySettings(settings, key, value, codes));
    }
    const entry = (await listSettingEntries(trx, state.facilityId)).find((e) => e.key === key);
    if (!entry) throw AppError.notFound('Setting');
    return entry;
  },
});
