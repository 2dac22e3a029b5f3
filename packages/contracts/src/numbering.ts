import * as z from 'zod/mini';
import { ID_TEXT_PATTERN, idParamSchema } from './ids';
import { numberingProblemCaptions } from './captions/numbering';

/*
 * Numbering patterns (Prefix Manage): how the next permit, tag or lockbox number is written. The
 * parser and formatter live here so the web previews and refuses a pattern as the user types, in
 * the same words the server uses when it refuses the same pattern.
 */

export const NUMBERING_PATTERN_MAX_LENGTH = 40;
export const SEQUENCE_WIDTH_MAX = 12;
export const DEFAULT_PERMIT_TYPE_PATTERN = '{PREFIX}{SEQ:6}';

/** What gets numbered: each permit type (by id), tags and lockboxes. */
export const numberingKinds = ['permit-type', 'tag', 'lockbox'] as const;
export type NumberingKind = (typeof numberingKinds)[number];
export type NumberingSubject = 'tag' | 'lockbox' | `permit-type:${number}`;

/**
 * A subject key: 'tag', 'lockbox' or 'permit-type:<id>'. A pattern-checked string rather than
 * z.templateLiteral: zod lives in a chunk the login route loads, so every zod feature any screen
 * uses costs the login route bytes (its budget is 150 KB).
 */
export const numberingSubjectSchema = z
  .string()
  .check(
    z.regex(
      new RegExp(`^(tag|lockbox|permit-type:${ID_TEXT_PATTERN})$`),
      "Expected 'tag', 'lockbox' or 'permit-type:<id>'",
    ),
  ) as unknown as z.ZodMiniType<NumberingSubject>;

/** The subject key of a permit type. */
export const permitTypeSubject = (permitTypeId: number): NumberingSubject => `permit-type:${permitTypeId}`;

/** The kind of a subject key, and the permit type id when it is one. */
export function parseNumberingSubject(subject: NumberingSubject): { kind: NumberingKind; permitTypeId: number | null } {
  if (subject === 'tag' || subject === 'lockbox') return { kind: subject, permitTypeId: null };
  return { kind: 'permit-type', permitTypeId: Number(subject.slice('permit-type:'.length)) };
}

/** Patterns for subjects nobody has set yet. */
export const defaultNumberingPatterns: Record<NumberingKind, { pattern: string; yearlyReset: boolean }> = {
  'permit-type': { pattern: DEFAULT_PERMIT_TYPE_PATTERN, yearlyReset: false },
  tag: { pattern: 'T-{YYYY}-{SEQ:5}', yearlyReset: true },
  lockbox: { pattern: 'LB-{FAC}-{SEQ:4}', yearlyReset: false },
};

export type NumberingToken = 'PREFIX' | 'FAC' | 'TYPE' | 'YYYY' | 'YY' | 'MM';
export type NumberingPart = { text: string } | { token: NumberingToken } | { sequence: number };
export type NumberingProblemCode = keyof typeof numberingProblemCaptions;
/** A refused pattern: which rule, and the part of the pattern at fault. */
export interface NumberingProblem {
  code: NumberingProblemCode;
  token: string;
}

const plainTokens: readonly NumberingToken[] = ['PREFIX', 'FAC', 'TYPE', 'YYYY', 'YY', 'MM'];
const permitTypeTokens: readonly NumberingToken[] = ['PREFIX', 'TYPE'];
const literalCharacter = /^[A-Za-z0-9\-_/.#]$/;

/**
 * Splits a pattern into text, tokens and its one sequence, or names the first problem.
 * @example parseNumberingPattern('{PREFIX}{SEQ:6}', 'permit-type') // { parts: [{token:'PREFIX'}, {sequence:6}] }
 */
export function parseNumberingPattern(
  pattern: string,
  kind: NumberingKind,
): { parts: NumberingPart[]; problem: null } | { parts: null; problem: NumberingProblem } {
  const fail = (code: NumberingProblemCode, token = '') => ({ parts: null, problem: { code, token } }) as const;
  if (pattern.length < 1 || pattern.length > NUMBERING_PATTERN_MAX_LENGTH) return fail('length');
  const parts: NumberingPart[] = [];
  let sequences = 0;
  let i = 0;
  while (i < pattern.length) {
    const char = pattern[i]!;
    if (char === '{') {
      const end = pattern.indexOf('}', i);
      const nextOpen = pattern.indexOf('{', i + 1);
      if (end === -1 || (nextOpen !== -1 && nextOpen < end)) {
        return fail('unclosed', pattern.slice(i, nextOpen === -1 ? undefined : nextOpen));
      }
      const token = pattern.slice(i, end + 1);
      const name = token.slice(1, -1);
      const sequence = /^SEQ:(\d{1,3})$/.exec(name);
      if (sequence) {
        const width = Number(sequence[1]);
        if (width < 1 || width > SEQUENCE_WIDTH_MAX) return fail('sequenceWidth', token);
        if (++sequences > 1) return fail('sequenceRepeated', token);
        parts.push({ sequence: width });
      } else if ((plainTokens as readonly string[]).includes(name)) {
        if (kind !== 'permit-type' && (permitTypeTokens as readonly string[]).includes(name)) {
          return fail('permitTypeOnly', token);
        }
        parts.push({ token: name as NumberingToken });
      } else {
        return fail('unknownToken', token);
      }
      i = end + 1;
      continue;
    }
    if (char === '}') return fail('character', char);
    if (!literalCharacter.test(char)) return fail('character', char);
    const last = parts[parts.length - 1];
    if (last && 'text' in last) last.text += char;
    else parts.push({ text: char });
    i++;
  }
  if (sequences === 0) return fail('sequenceMissing', '{SEQ:n}');
  return { parts, problem: null };
}

/** The English text of a problem (the caption's default); the web shows the translated caption. */
export function numberingProblemMessage(problem: NumberingProblem): string {
  return numberingProblemCaptions[problem.code].defaultCaption.replace('{{token}}', problem.token);
}

/** What the tokens stand for when one number is written. */
export interface NumberingValues {
  prefix: string;
  facilityCode: string;
  typeCode: string;
  year: number;
  month: number;
  sequence: number;
}

/**
 * Writes a number from parsed parts. A sequence longer than its width is written in full, never cut.
 * @example formatNumber(parts, { prefix: 'LOTO-', sequence: 42, ... }) // 'LOTO-000042'
 */
export function formatNumber(parts: readonly NumberingPart[], values: NumberingValues): string {
  return parts
    .map((part) => {
      if ('text' in part) return part.text;
      if ('sequence' in part) return String(values.sequence).padStart(part.sequence, '0');
      switch (part.token) {
        case 'PREFIX':
          return values.prefix;
        case 'FAC':
          return values.facilityCode;
        case 'TYPE':
          return values.typeCode;
        case 'YYYY':
          return String(values.year).padStart(4, '0');
        case 'YY':
          return String(values.year % 100).padStart(2, '0');
        case 'MM':
          return String(values.month).padStart(2, '0');
      }
    })
    .join('');
}

export const FACILITY_CODE_PATTERN = /^[A-Z0-9-]{1,10}$/;

/** A facility code nobody has set: the initials of the facility's name ('North Plant' → 'NP'). */
export function defaultFacilityCode(facilityName: string): string {
  const words = facilityName.toUpperCase().match(/[A-Z0-9]+/g) ?? [];
  const initials = words
    .map((w) => w[0])
    .join('')
    .slice(0, 6);
  if (initials.length >= 2) return initials;
  return (words[0] ?? 'FAC').slice(0, 4) || 'FAC';
}

const patternInput = z.string().check(z.maxLength(200));

/** One numbered item as Prefix Manage shows it. */
export const numberingSubjectRowSchema = z.object({
  subject: numberingSubjectSchema,
  kind: z.enum(numberingKinds),
  permitType: z.nullable(z.object({ id: z.int(), code: z.string(), name: z.string(), prefix: z.string() })),
  pattern: z.string(),
  yearlyReset: z.boolean(),
  /** No stored pattern: the default applies. */
  isDefault: z.boolean(),
  /** The next sequence number, counting on (continuous) and counting this year (yearly reset). */
  nextSequence: z.object({ continuous: z.int(), yearly: z.int() }),
  /** The next number with the stored pattern, without using it. */
  preview: z.string(),
});
export type NumberingSubjectRow = z.infer<typeof numberingSubjectRowSchema>;

/** GET /api/numbering: the facility's numbering, and what the tokens stand for today. */
export const numberingOverviewSchema = z.object({
  facilityCode: z.string(),
  facilityCodeIsDefault: z.boolean(),
  /** Year and month now in the facility's time zone. */
  year: z.int(),
  month: z.int(),
  subjects: z.array(numberingSubjectRowSchema),
});
export type NumberingOverview = z.infer<typeof numberingOverviewSchema>;

/** PUT /api/numbering: the facility code and the listed patterns (subjects not listed keep theirs). */
export const numberingSaveInputSchema = z.object({
  facilityCode: z.string().check(z.maxLength(50)),
  patterns: z
    .array(z.object({ subject: numberingSubjectSchema, pattern: patternInput, yearlyReset: z.boolean() }))
    .check(z.maxLength(500)),
});
export type NumberingSaveInput = z.infer<typeof numberingSaveInputSchema>;

export const numberingPreviewQuerySchema = z.object({ subject: numberingSubjectSchema });
/** GET /api/numbering/preview: the next number of a subject, without using it. */
export const numberingPreviewSchema = z.object({
  subject: numberingSubjectSchema,
  number: z.string(),
  sequence: z.int(),
});
export type NumberingPreview = z.infer<typeof numberingPreviewSchema>;

/** GET /api/numbering/prefixes: what the background worker fetches (seed section 7). */
export const prefixesQuerySchema = z.object({
  connectionStringName: z.string().check(z.minLength(1), z.maxLength(100)),
  facilityId: idParamSchema,
});
export const prefixesResponseSchema = z.object({
  prefixes: z.record(z.string(), z.string()).check(z.describe('Numbering prefix keyed by permit type code')),
});
export type PrefixesResponse = z.infer<typeof prefixesResponseSchema>;
