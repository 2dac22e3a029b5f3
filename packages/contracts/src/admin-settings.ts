import * as z from 'zod/mini';
import { facilitySettingsSchema, type FacilitySettings } from './settings';

/*
 * The facility's settings as administrators edit them (Settings Manager, Settings Table) and the
 * facility's profile (Facility Settings). The rules live here so the web says a problem as soon as
 * the user makes it and the server refuses the same problem in the same words.
 */

/** Inactivity timeout limits in minutes (a day at most: a longer one is no timeout at all). */
export const LOGIN_TIMEOUT_MIN = 1;
export const LOGIN_TIMEOUT_MAX = 1440;
export const PREFIX_MAX_LENGTH = 10;
const PREFIX_PATTERN = /^[A-Za-z0-9-]{1,10}$/;

export const facilitySettingsRuleMessages = {
  loginTimeout: `Login timeout: enter whole minutes from ${LOGIN_TIMEOUT_MIN} to ${LOGIN_TIMEOUT_MAX}.`,
  infoUrl: 'Info URL: enter an address starting with http:// or https://, or leave it empty.',
  offlinePermitType: (code: string) => `Offline permit types: ${code} is not a permit type of this facility.`,
  prefix: (code: string) => `Prefix for ${code}: use 1 to ${PREFIX_MAX_LENGTH} letters, digits or hyphens.`,
  unknownPrefix: (code: string) => `Prefixes: ${code} is not a permit type of this facility.`,
} as const;

export function loginTimeoutProblem(value: unknown): string | null {
  return typeof value === 'number' &&
    Number.isInteger(value) &&
    value >= LOGIN_TIMEOUT_MIN &&
    value <= LOGIN_TIMEOUT_MAX
    ? null
    : facilitySettingsRuleMessages.loginTimeout;
}

export function infoUrlProblem(value: unknown): string | null {
  if (typeof value !== 'string' || value.length > 2000) return facilitySettingsRuleMessages.infoUrl;
  if (value === '') return null;
  try {
    const url = new URL(value);
    return (url.protocol === 'http:' || url.protocol === 'https:') && url.hostname !== ''
      ? null
      : facilitySettingsRuleMessages.infoUrl;
  } catch {
    return facilitySettingsRuleMessages.infoUrl;
  }
}

export function prefixProblem(code: string, value: unknown): string | null {
  return typeof value === 'string' && PREFIX_PATTERN.test(value) ? null : facilitySettingsRuleMessages.prefix(code);
}

/**
 * Every problem of a facility settings change, each naming its field (`generalSettings.loginTimeout`,
 * `prefixes.LOTO`, ...). `permitTypeCodes` are the facility's permit types: the only ones that may
 * be offline or have a prefix.
 */
export function facilitySettingsProblems(
  settings: FacilitySettings,
  permitTypeCodes: readonly string[],
): { field: string; message: string }[] {
  const problems: { field: string; message: string }[] = [];
  const timeout = loginTimeoutProblem(settings.generalSettings.loginTimeout);
  if (timeout) problems.push({ field: 'generalSettings.loginTimeout', message: timeout });
  const url = infoUrlProblem(settings.generalSettings.infoUrl);
  if (url) problems.push({ field: 'generalSettings.infoUrl', message: url });
  for (const code of settings.offlinePermitTypes) {
    if (!permitTypeCodes.includes(code)) {
      problems.push({ field: 'offlinePermitTypes', message: facilitySettingsRuleMessages.offlinePermitType(code) });
    }
  }
  for (const [code, prefix] of Object.entries(settings.prefixes)) {
    if (!permitTypeCodes.includes(code)) {
      problems.push({ field: `prefixes.${code}`, message: facilitySettingsRuleMessages.unknownPrefix(code) });
      continue;
    }
    const problem = prefixProblem(code, prefix);
    if (problem) problems.push({ field: `prefixes.${code}`, message: problem });
  }
  return problems;
}

/** What the Settings Manager shows: the settings and the facility's permit types to choose among. */
export const facilitySettingsAdminSchema = z.object({
  settings: facilitySettingsSchema,
  permitTypes: z.array(z.object({ code: z.string(), name: z.string() })),
});
export type FacilitySettingsAdmin = z.infer<typeof facilitySettingsAdminSchema>;

// ---------------------------------------------------------------------------------------------
// Settings Table

export const settingValueSchema = z.union([z.number(), z.boolean(), z.string()]);
export type SettingEntryValue = z.infer<typeof settingValueSchema>;

/** One row of the Settings Table: a catalogue setting or one of the facility's settings. */
export const settingEntrySchema = z.object({
  key: z.string(),
  scope: z.enum(['connection', 'facility']),
  type: z.enum(['integer', 'boolean', 'text']),
  description: z.string(),
  default: z.nullable(settingValueSchema).check(z.describe('null: no default (a permit type prefix)')),
  value: settingValueSchema,
  min: z.optional(z.number()),
  max: z.optional(z.number()),
  maxLength: z.optional(z.int()),
  secret: z
    .optional(z.boolean())
    .check(z.describe('A secret (a password): value is always empty; isSet tells whether one is stored')),
  isSet: z.optional(z.boolean()).check(z.describe('Secrets only: whether a value is stored')),
  source: z
    .enum(['settings-table', 'facility-settings'])
    .check(z.describe('Where the value is kept: the settings table, or the facility settings (Settings Manager)')),
});
export type SettingEntry = z.infer<typeof settingEntrySchema>;

export const updateSettingSchema = z.object({ value: settingValueSchema });

// ---------------------------------------------------------------------------------------------
// Facility profile (Facility Settings)

export const FACILITY_LOGO_MAX_BYTES = 256 * 1024;
export const FACILITY_LOGO_TYPES = ['image/png', 'image/jpeg', 'image/svg+xml'] as const;
export type FacilityLogoType = (typeof FACILITY_LOGO_TYPES)[number];

export const facilityProfileSchema = z.object({
  ID: z.int(),
  name: z.string(),
  address: z.string(),
  timeZone: z.string().check(z.describe('An IANA time zone name, e.g. America/Chicago')),
  defaultLanguageCode: z.nullable(z.string()),
  logo: z.nullable(z.object({ type: z.enum(FACILITY_LOGO_TYPES), updatedAt: z.string() })),
});
export type FacilityProfile = z.infer<typeof facilityProfileSchema>;

export const facilityProfileInputSchema = z.object({
  name: z
    .string()
    .check(
      z.trim(),
      z.minLength(1, 'Name: enter the facility’s name.'),
      z.maxLength(200, 'Name: use at most 200 characters.'),
    ),
  address: z.string().check(z.trim(), z.maxLength(500, 'Address: use at most 500 characters.')),
  timeZone: z.string().check(z.minLength(1, 'Time zone: choose a time zone.'), z.maxLength(100)),
  defaultLanguageCode: z.nullable(z.string().check(z.maxLength(20))),
});
export type FacilityProfileInput = z.infer<typeof facilityProfileInputSchema>;

export const facilityLogoMessages = {
  type: 'Logo: choose a PNG, JPEG or SVG image.',
  size: `Logo: the file is larger than ${FACILITY_LOGO_MAX_BYTES / 1024} KB.`,
  empty: 'Logo: the file is empty.',
  content: (type: string) => `Logo: the file’s content is not a ${type} image (was it renamed?).`,
  svgUnsafe: 'Logo: the SVG contains scripts, event handlers or external references. Export it as a plain SVG.',
} as const;

/** A logo upload: the file's declared type and its bytes (base64); the server checks both. */
export const facilityLogoUploadSchema = z.object({
  contentType: z.enum(FACILITY_LOGO_TYPES, facilityLogoMessages.type),
  // Base64 of 256 KB is 350,000 characters; the server measures the decoded bytes itself.
  data: z.string().check(z.minLength(1, facilityLogoMessages.empty), z.maxLength(400_000, facilityLogoMessages.size)),
});
export type FacilityLogoUpload = z.infer<typeof facilityLogoUploadSchema>;
