import { sql } from 'kysely';
import {
  FACILITY_CODE_PATTERN,
  defaultFacilityCode,
  defaultNumberingPatterns,
  formatNumber,
  numberingProblemCaptions,
  numberingProblemMessage,
  parseNumberingPattern,
  parseNumberingSubject,
  permitTypeSubject,
  type NumberingKind,
  type NumberingOverview,
  type NumberingSaveInput,
  type NumberingSubject,
  type NumberingSubjectRow,
} from '@hasp/contracts';
import type { Db } from '../../db/schema';
import { AppError } from '../../plugins/app-error';
import {
  findFacilityCode,
  findFacilityForNumbering,
  listCounters,
  listNumberedPermitTypes,
  listNumberingPatterns,
} from './numbering.repository';
import { yearMonthIn } from './numbering-period';
import { defineCommand, type CommandRun } from '../../platform';
import { numberingPolicy, numberingTarget, type NumberingState } from './numbering.policy';

/** Every numbered subject of the facility (each active permit type, tags, lockboxes) with its next number. */
export async function getNumberingOverview(db: Db, facilityId: number, now: Date): Promise<NumberingOverview> {
  const facility = await findFacilityForNumbering(db, facilityId);
  if (!facility) throw AppError.notFound('Facility');
  const { year, month } = yearMonthIn(facility.time_zone, now);
  const [storedCode, types, patterns, counters] = await Promise.all([
    findFacilityCode(db, facilityId),
    listNumberedPermitTypes(db, facilityId),
    listNumberingPatterns(db, facilityId),
    listCounters(db, facilityId, [0, year]),
  ]);
  const facilityCode = storedCode ?? defaultFacilityCode(facility.name);
  const next = (subject: string, period: number) =>
    Number(counters.find((c) => c.subject === subject && c.period === period)?.value ?? 0) + 1;
  const subjects: { subject: NumberingSubject; kind: NumberingKind; permitType: (typeof types)[number] | null }[] = [
    ...types.map((type) => ({ subject: permitTypeSubject(type.id), kind: 'permit-type' as const, permitType: type })),
    { subject: 'tag', kind: 'tag', permitType: null },
    { subject: 'lockbox', kind: 'lockbox', permitType: null },
  ];
  return {
    facilityCode,
    facilityCodeIsDefault: storedCode === null,
    year,
    month,
    subjects: subjects.map(({ subject, kind, permitType }): NumberingSubjectRow => {
      const stored = patterns.find((p) => p.subject === subject);
      const pattern = stored?.pattern ?? defaultNumberingPatterns[kind].pattern;
      const yearlyReset = stored?.yearly_reset ?? defaultNumberingPatterns[kind].yearlyReset;
      const nextSequence = { continuous: next(subject, 0), yearly: next(subject, year) };
      const parsed = parseNumberingPattern(pattern, kind);
      const preview = parsed.parts
        ? formatNumber(parsed.parts, {
            prefix: permitType?.prefix ?? '',
            typeCode: permitType?.code ?? '',
            facilityCode,
            year,
            month,
            sequence: yearlyReset ? nextSequence.yearly : nextSequence.continuous,
          })
        : '';
      return { subject, kind, permitType, pattern, yearlyReset, isDefault: !stored, nextSequence, preview };
    }),
  };
}

/**
 * Stores the facility code and the listed patterns after checking each (a refusal names the
 * subject and the token at fault); audited `numbering.update` with what changed and announced
 * `numbering.changed`. Subjects not listed keep theirs; a save that changes nothing records nothing.
 */
export const saveNumbering = defineCommand({
  name: 'numbering.update',
  target: numberingTarget,
  policy: numberingPolicy['numbering.update'],
  async apply({ trx, ctx, input, ...run }: CommandRun<NumberingSaveInput, NumberingState>): Promise<NumberingOverview> {
    const caller = ctx.actor;
    const current = await getNumberingOverview(trx, caller.facilityId, ctx.now);
    const problems: { field: string; message: string }[] = [];
    if (!FACILITY_CODE_PATTERN.test(input.facilityCode)) {
      problems.push({ field: 'facilityCode', message: numberingProblemCaptions.facilityCode.defaultCaption });
    }
    const seen = new Set<string>();
    for (const item of input.patterns) {
      const known = current.subjects.some((s) => s.subject === item.subject);
      if (!known || seen.has(item.subject)) {
        problems.push({
          field: `patterns.${item.subject}`,
          message: `${item.subject} is not numbered in this facility.`,
        });
        continue;
      }
      seen.add(item.subject);
      const parsed = parseNumberingPattern(item.pattern, parseNumberingSubject(item.subject).kind);
      if (parsed.problem)
        problems.push({ field: `patterns.${item.subject}`, message: numberingProblemMessage(parsed.problem) });
    }
    if (problems.length) throw AppError.validation(problems);

    const changed = input.patterns.filter((item) => {
      const row = current.subjects.find((s) => s.subject === item.subject)!;
      return row.pattern !== item.pattern || row.yearlyReset !== item.yearlyReset;
    });
    const codeChanged = input.facilityCode !== current.facilityCode;
    if (!changed.length && !codeChanged) {
      run.unchanged();
      return current;
    }

    if (codeChanged) {
      await trx
        .insertInto('numbering_facility_codes')
        .values({ facility_id: caller.facilityId, code: input.facilityCode })
        .onConflict((oc) => oc.column('facility_id').doUpdateSet({ code: input.facilityCode }))
        .execute();
    }
    if (changed.length) {
      await trx
        .insertInto('numbering_patterns')
        .values(
          changed.map((item) => ({
            facility_id: caller.facilityId,
            subject: item.subject,
            pattern: item.pattern,
            yearly_reset: item.yearlyReset,
            updated_by: caller.userId,
          })),
        )
        .onConflict((oc) =>
          oc.columns(['facility_id', 'subject']).doUpdateSet((eb) => ({
            pattern: eb.ref('excluded.pattern'),
            yearly_reset: eb.ref('excluded.yearly_reset'),
            updated_by: eb.ref('excluded.updated_by'),
            updated_at: sql`now()`,
          })),
        )
        .execute();
    }
    const before = (subject: string) => current.subjects.find((s) => s.subject === subject)!;
    run.audit({
      action: 'numbering.update',
      entityType: 'numbering',
      entityId: caller.facilityId,
      before: {
        ...(codeChanged ? { facilityCode: current.facilityCode } : {}),
        patterns: changed.map((c) => ({
          subject: c.subject,
          pattern: before(c.subject).pattern,
          yearlyReset: before(c.subject).yearlyReset,
          isDefault: before(c.subject).isDefault,
        })),
      },
      after: {
        ...(codeChanged ? { facilityCode: input.facilityCode } : {}),
        patterns: changed,
      },
    });
    run.event({
      name: 'numbering.changed',
      entityType: 'numbering',
      entityId: caller.facilityId,
      payload: { subjects: changed.map((c) => c.subject), facilityCode: codeChanged },
    });
    return getNumberingOverview(trx, caller.facilityId, ctx.now);
  },
});
