import * as z from 'zod/mini';
import { gasRetestMinutesSchema } from './gas-tests';
import { idSchema } from './ids';

/**
 * Permit types and permit groups: what kinds of permit a facility writes, and the groups
 * that order them in the left sidebar. A type's code names its permissions (`permit:<action>:<CODE>`),
 * so it never changes after creation; a type is deactivated, never deleted (permits refer to it).
 */

/** The parts of a permit form a type can use. */
export const permitSections = ['isolation-plan', 'hazard-analysis', 'questions', 'gas-tests', 'crew-sign-on'] as const;
export type PermitSection = (typeof permitSections)[number];

/** Icons a permit group or type can show: names the web app's icon set draws (components/Icon). */
export const permitIcons = [
  'lock',
  'lock-clock',
  'clipboard',
  'flame',
  'box',
  'bolt',
  'tool',
  'folder',
  'file',
  'shield',
  'alert-triangle',
  'factory',
  'plug',
  'list-details',
] as const;
export type PermitIcon = (typeof permitIcons)[number];

/** The longest validity a type may allow: one year (a long-term isolation can stay months). */
export const PERMIT_MAX_VALIDITY_HOURS = 8760;
export const PERMIT_CODE_PATTERN = /^[A-Z0-9_-]{1,20}$/;

const name = (label: string, max: number) =>
  z
    .string()
    .check(z.trim(), z.minLength(1, `${label} is required`), z.maxLength(max, `${label}: at most ${max} characters`));
const icon = z.enum(permitIcons, 'Icon: choose one of the listed icons');
const id = idSchema;

export const permitTypeCodeSchema = z
  .string()
  .check(
    z.trim(),
    z.regex(PERMIT_CODE_PATTERN, 'Code: 1 to 20 characters, capital letters A–Z, digits, "_" or "-" (e.g. HOT)'),
  );
export const permitColorSchema = z
  .string()
  .check(z.trim(), z.regex(/^#[0-9a-fA-F]{6}$/, 'Colour: a hex colour such as #c92a2a'));
export const permitPrefixSchema = z
  .string()
  .check(
    z.trim(),
    z.regex(/^[A-Za-z0-9][A-Za-z0-9_./-]{0,19}$/, 'Prefix: 1 to 20 letters, digits, "-", "_", "." or "/" (e.g. HW-)'),
  );
export const maxValidityHoursSchema = z
  .int('Maximum validity: whole hours')
  .check(
    z.gte(1, 'Maximum validity: at least 1 hour'),
    z.lte(PERMIT_MAX_VALIDITY_HOURS, `Maximum validity: at most ${PERMIT_MAX_VALIDITY_HOURS} hours (one year)`),
  );

/** How many times a permit of a type may be extended (the lifecycle's `extend` guard counts them). */
export const PERMIT_MAX_EXTENSIONS = 10;
export const maxExtensionsSchema = z
  .int('Maximum extensions: a whole number')
  .check(
    z.gte(0, 'Maximum extensions: at least 0'),
    z.lte(PERMIT_MAX_EXTENSIONS, `Maximum extensions: at most ${PERMIT_MAX_EXTENSIONS}`),
  );

/** One permit type as the administrator screen shows it. */
export const permitTypeSchema = z.object({
  ID: z.int(),
  groupId: z.int(),
  code: z.string(),
  name: z.string(),
  icon: z.string(),
  color: z.string(),
  prefix: z.string(),
  sections: z.array(z.enum(permitSections)),
  maxValidityHours: z.int(),
  maxExtensions: z.int(),
  offlineEnabled: z.boolean(),
  /** Group lockout: each crew member's personal lock gets its own tag at sign-on. */
  tagPerPersonalLock: z.boolean(),
  /** Gas tests: the latest test is older than this many minutes → issue and revalidate are refused. */
  gasRetestMinutes: z.int(),
  /** The `request` command needs a complete hazard analysis (lines, each with a control and its residual risk). */
  hazardAnalysisRequired: z.boolean(),
  isActive: z.boolean(),
  sortOrder: z.int(),
});
export type PermitType = z.infer<typeof permitTypeSchema>;

/** A permit group with its types (inactive ones included), in sidebar order. */
export const permitGroupSchema = z.object({
  ID: z.int(),
  name: z.string(),
  icon: z.string(),
  sortOrder: z.int(),
  types: z.array(permitTypeSchema),
});
export type PermitGroup = z.infer<typeof permitGroupSchema>;
export const permitTypesConfigSchema = z.object({ groups: z.array(permitGroupSchema) });
export type PermitTypesConfig = z.infer<typeof permitTypesConfigSchema>;

export const permitGroupInputSchema = z.object({ name: name('Name', 60), icon });
export type PermitGroupInput = z.infer<typeof permitGroupInputSchema>;

const typeFields = {
  name: name('Name', 80),
  icon,
  color: permitColorSchema,
  prefix: permitPrefixSchema,
  sections: z.array(z.enum(permitSections, 'Sections: unknown section')).check(z.maxLength(permitSections.length)),
  maxValidityHours: maxValidityHoursSchema,
  /** Omitted: 2 for a new type, unchanged on an edit (clients older than the field keep working). */
  maxExtensions: z.optional(maxExtensionsSchema),
  offlineEnabled: z.boolean(),
  /** Omitted: off for a new type, unchanged on an edit (clients older than the field keep working). */
  tagPerPersonalLock: z.optional(z.boolean()),
  /** Omitted: 120 for a new type, unchanged on an edit (clients older than the field keep working). */
  gasRetestMinutes: z.optional(gasRetestMinutesSchema),
  /** Omitted: off for a new type, unchanged on an edit (clients older than the field keep working). */
  hazardAnalysisRequired: z.optional(z.boolean()),
  groupId: id,
};

/** POST /api/permit-types: a new type (active, last in its group). */
export const permitTypeCreateSchema = z.object({ code: permitTypeCodeSchema, ...typeFields });
export type PermitTypeCreate = z.infer<typeof permitTypeCreateSchema>;

/** PUT /api/permit-types/:id: everything but the code; `isActive: false` deactivates. */
export const permitTypeUpdateSchema = z.object({ ...typeFields, isActive: z.boolean() });
export type PermitTypeUpdate = z.infer<typeof permitTypeUpdateSchema>;

/**
 * PUT /api/permit-types/layout: the order of every group of the facility and of the types in each.
 * A type listed under another group moves there. Every group and type must appear exactly once.
 */
export const permitLayoutSchema = z.object({
  groups: z
    .array(z.object({ ID: id, typeIds: z.array(id).check(z.maxLength(500)) }))
    .check(z.minLength(1), z.maxLength(200)),
});
export type PermitLayout = z.infer<typeof permitLayoutSchema>;
