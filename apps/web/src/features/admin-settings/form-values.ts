import { facilitySettingsProblems, type FacilitySettings } from '@hasp/contracts';

/** The Settings Manager's form: the timeout as typed, so a bad value stays in its field. */
export interface SettingsFormValues {
  loginTimeout: string;
  infoUrl: string;
  moduleSettings: FacilitySettings['moduleSettings'];
  offlinePermitTypes: string[];
  prefixes: Record<string, string>;
}

export function toFormValues(settings: FacilitySettings): SettingsFormValues {
  return {
    loginTimeout: String(settings.generalSettings.loginTimeout),
    infoUrl: settings.generalSettings.infoUrl,
    moduleSettings: { ...settings.moduleSettings },
    offlinePermitTypes: [...settings.offlinePermitTypes],
    prefixes: { ...settings.prefixes },
  };
}

/** What the server gets; a timeout that is not a whole number becomes NaN and fails the check. */
export function toSettings(values: SettingsFormValues): FacilitySettings {
  const timeout = values.loginTimeout.trim();
  return {
    generalSettings: {
      loginTimeout: /^\d{1,6}$/.test(timeout) ? Number(timeout) : Number.NaN,
      infoUrl: values.infoUrl.trim(),
    },
    moduleSettings: { ...values.moduleSettings },
    offlinePermitTypes: [...values.offlinePermitTypes],
    prefixes: Object.fromEntries(Object.entries(values.prefixes).map(([code, prefix]) => [code, prefix.trim()])),
  };
}

/** Field → message, with the server's words (the same rules from contracts). */
export function formProblems(values: SettingsFormValues, permitTypeCodes: string[]): Record<string, string> {
  const problems: Record<string, string> = {};
  for (const problem of facilitySettingsProblems(toSettings(values), permitTypeCodes)) {
    problems[problem.field] ??= problem.message;
  }
  return problems;
}
