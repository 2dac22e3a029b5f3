/**
 * The catalogue of settings kept in the settings table (`app_settings`): what each controls, its
 * scope (the whole connection, or one facility), its type, limits and default. The Settings Table
 * screen lists these; the server reads them with `readSetting` and validates every write against
 * the definition. A setting nobody changed has its default.
 */
export type SettingScope = 'connection' | 'facility';

interface SettingBase {
  key: string;
  scope: SettingScope;
  description: string;
}
export interface IntegerSetting extends SettingBase {
  type: 'integer';
  default: number;
  min: number;
  max: number;
}
export interface BooleanSetting extends SettingBase {
  type: 'boolean';
  default: boolean;
}
export interface TextSetting extends SettingBase {
  type: 'text';
  default: string;
  maxLength: number;
  /** A secret (a password): the settings API never returns its value, only whether it is set. */
  secret?: boolean;
}
export type SettingDefinition = IntegerSetting | BooleanSetting | TextSetting;

export const settingDefinitions = [
  {
    key: 'security.passwordMinLength',
    scope: 'connection',
    type: 'integer',
    default: 12,
    min: 8,
    max: 128,
    description: 'Shortest password a user may choose (local accounts).',
  },
  {
    key: 'security.lockoutThreshold',
    scope: 'connection',
    type: 'integer',
    default: 10,
    min: 3,
    max: 100,
    description: 'Failed sign-ins in a row after which the account is locked until an administrator unlocks it.',
  },
  // Single sign-on (SAML 2.0): one identity provider per connection. See docs/sso.md.
  {
    key: 'sso.enabled',
    scope: 'connection',
    type: 'boolean',
    default: false,
    description: 'Sign in through the SAML 2.0 identity provider: the login screen goes there first.',
  },
  {
    key: 'sso.idpEntryPoint',
    scope: 'connection',
    type: 'text',
    default: '',
    maxLength: 2000,
    description: "The identity provider's single sign-on URL (HTTP-Redirect binding).",
  },
  {
    key: 'sso.idpIssuer',
    scope: 'connection',
    type: 'text',
    default: '',
    maxLength: 500,
    description: "The identity provider's entity ID; responses from any other issuer are refused.",
  },
  {
    key: 'sso.idpCertificate',
    scope: 'connection',
    type: 'text',
    default: '',
    maxLength: 20000,
    description: "The identity provider's signing certificate(s), PEM: the only keys trusted.",
  },
  {
    key: 'sso.spBaseUrl',
    scope: 'connection',
    type: 'text',
    default: '',
    maxLength: 500,
    description:
      'The address users reach Hasp at (e.g. https://hasp.example.com); the ACS URL is <address>/api/saml/samllogin.',
  },
  {
    key: 'sso.idpName',
    scope: 'connection',
    type: 'text',
    default: '',
    maxLength: 100,
    description:
      'The identity provider\'s name as people know it, for "Sign in again at <name> to sign"; empty = its address\'s host.',
  },
  {
    key: 'sso.usernameAttribute',
    scope: 'connection',
    type: 'text',
    default: '',
    maxLength: 200,
    description: 'The assertion attribute naming the Hasp user; empty = the NameID.',
  },
  {
    key: 'sso.provisionUsers',
    scope: 'connection',
    type: 'boolean',
    default: false,
    description: 'Create an unknown single sign-on user (without a password) instead of refusing them.',
  },
  {
    key: 'sso.provisionFacilityId',
    scope: 'connection',
    type: 'integer',
    default: 0,
    min: 0,
    max: 2147483647,
    description: 'The facility a provisioned single sign-on user may sign in to (0 = none).',
  },
  // Active Directory (LDAP): where AD users' passwords are checked, one directory per connection. See docs/sso.md.
  {
    key: 'ldap.url',
    scope: 'connection',
    type: 'text',
    default: '',
    maxLength: 500,
    description:
      'The directory server: ldap://host:389 or ldaps://host:636. Empty: Active Directory users cannot sign in.',
  },
  {
    key: 'ldap.baseDn',
    scope: 'connection',
    type: 'text',
    default: '',
    maxLength: 500,
    description: 'Where users are searched for, with everything below it (e.g. DC=corp,DC=example,DC=com).',
  },
  {
    key: 'ldap.bindDn',
    scope: 'connection',
    type: 'text',
    default: '',
    maxLength: 500,
    description: 'The service account that searches for the user (a DN or user@domain); empty = anonymous search.',
  },
  {
    key: 'ldap.bindPassword',
    scope: 'connection',
    type: 'text',
    default: '',
    maxLength: 500,
    secret: true,
    description: "The service account's password. Never shown again once saved.",
  },
  {
    key: 'ldap.userFilter',
    scope: 'connection',
    type: 'text',
    default: '(sAMAccountName={{username}})',
    maxLength: 1000,
    description: 'LDAP filter that finds exactly one user; {{username}} is replaced by the escaped user name.',
  },
  {
    key: 'ldap.startTls',
    scope: 'connection',
    type: 'boolean',
    default: false,
    description: 'Upgrade an ldap:// connection with StartTLS before sending any password.',
  },
  {
    key: 'ldap.tlsCaCertificate',
    scope: 'connection',
    type: 'text',
    default: '',
    maxLength: 20000,
    description: "The directory's CA certificate(s), PEM, for ldaps:// and StartTLS; empty = the system's trusted CAs.",
  },
  {
    key: 'ldap.timeoutMs',
    scope: 'connection',
    type: 'integer',
    default: 5000,
    min: 1000,
    max: 30000,
    description: 'Milliseconds to wait for the directory (connecting, and each request) before giving up.',
  },
  // Attachments on permits (decision 0052): the route refuses anything over 50 MB whatever this says.
  {
    key: 'attachments.maxFileMegabytes',
    scope: 'facility',
    type: 'integer',
    default: 20,
    min: 1,
    max: 50,
    description: 'Largest photo or document (MB) that may be attached to a permit.',
  },
  // Report Files (decision 0073): a job deletes files older than this.
  {
    key: 'reports.keepFileDays',
    scope: 'facility',
    type: 'integer',
    default: 30,
    min: 1,
    max: 3650,
    description: 'Days a generated report file is kept before it is deleted.',
  },
] as const satisfies readonly SettingDefinition[];

export type SettingKey = (typeof settingDefinitions)[number]['key'];
type DefinitionOf<K extends SettingKey> = Extract<(typeof settingDefinitions)[number], { key: K }>;
/** The value type of a setting: number, boolean or string. */
export type SettingValue<K extends SettingKey> = DefinitionOf<K>['default'] extends number
  ? number
  : DefinitionOf<K>['default'] extends boolean
    ? boolean
    : string;

export function settingDefinition(key: string): SettingDefinition | undefined {
  return (settingDefinitions as readonly SettingDefinition[]).find((d) => d.key === key);
}

/** Why a value does not fit its definition, or null when it does. */
export function settingValueProblem(definition: SettingDefinition, value: unknown): string | null {
  switch (definition.type) {
    case 'integer':
      if (typeof value !== 'number' || !Number.isInteger(value)) return 'Enter a whole number';
      if (value < definition.min || value > definition.max) {
        return `Enter a number from ${definition.min} to ${definition.max}`;
      }
      return null;
    case 'boolean':
      return typeof value === 'boolean' ? null : 'Choose on or off';
    case 'text':
      if (typeof value !== 'string') return 'Enter text';
      return value.length > definition.maxLength ? `Use at most ${definition.maxLength} characters` : null;
  }
}
