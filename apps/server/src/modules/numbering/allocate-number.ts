import {
  defaultFacilityCode,
  defaultNumberingPatterns,
  formatNumber,
  numberingProblemMessage,
  parseNumberingPattern,
  parseNumberingSubject,
  type NumberingPart,
  type NumberingSubject,
  type NumberingValues,
} from '@hasp/contracts';
import type { Db } from '../../db/schema';
import { AppError } from '../../plugins/app-error';
import {
  findFacilityCode,
  findFacilityForNumbering,
  findNumberedPermitType,
  findNumberingPattern,
  incrementCounter,
  listCounters,
} from './numbering.repository';
import { periodOf, yearMonthIn } from './numbering-period';

/** A numbered subject of one facility, ready to write numbers: its parsed pattern and token values. */
interface NumberingContext {
  parts: NumberingPart[];
  period: number;
  values: Omit<NumberingValues, 'sequence'>;
}

async function contextOf(db: Db, facilityId: number, subject: NumberingSubject, now: Date): Promise<NumberingContext> {
  const { kind, permitTypeId } = parseNumberingSubject(subject);
  const [facility, storedCode, stored, permitType] = await Promise.all([
    findFacilityForNumbering(db, facilityId),
    findFacilityCode(db, facilityId),
    findNumberingPattern(db, facilityId, subject),
    permitTypeId === null ? Promise.resolve(null) : findNumberedPermitType(db, facilityId, permitTypeId),
  ]);
  if (!facility) throw AppError.notFound('Facility');
  if (permitTypeId !== null && !permitType) throw AppError.notFound('Permit type');
  const pattern = stored?.pattern ?? defaultNumberingPatterns[kind].pattern;
  const yearlyReset = stored?.yearly_reset ?? defaultNumberingPatterns[kind].yearlyReset;
  const parsed = parseNumberingPattern(pattern, kind);
  // Stored patterns were checked when saved; a rule tightened since then is a configuration problem.
  if (parsed.problem) throw new AppError('CONFLICT', 409, numberingProblemMessage(parsed.problem));
  const { year, month } = yearMonthIn(facility.time_zone, now);
  return {
    parts: parsed.parts,
    period: periodOf(yearlyReset, year),
    values: {
      prefix: permitType?.prefix ?? '',
      typeCode: permitType?.code ?? '',
      facilityCode: storedCode ?? defaultFacilityCode(facility.name),
      year,
      month,
    },
  };
}

export interface AllocatedNumber {
  number: string;
  sequence: number;
}

/**
 * Takes the next number of a subject (a permit type, tags or lockboxes) of a facility. Safe under
 * concurrency: the counter is incremented in one upsert, so no two callers get the same number.
 * Inside a transaction the counter row stays locked until commit, and a rollback gives the number back.
 * @example const { number } = await allocateNumber(trx, facilityId, permitTypeSubject(typeId), { now: ctx.now });
 */
export async function allocateNumber(
  db: Db,
  facilityId: number,
  subject: NumberingSubject,
  options: { now: Date },
): Promise<AllocatedNumber> {
  const context = await contextOf(db, facilityId, subject, options.now);
  const sequence = await incrementCounter(db, facilityId, subject, context.period);
  return { number: formatNumber(context.parts, { ...context.values, sequence }), sequence };
}

/** The number allocateNumber would give next, without taking it. */
export async function previewNumber(
  db: Db,
  facilityId: number,
  subject: NumberingSubject,
  options: { now: Date },
): Promise<AllocatedNumber> {
  const context = await contextOf(db, facilityId, subject, options.now);
  const [counter] = await listCounters(db, facilityId, [context.period]).then((rows) =>
    rows.filter((r) => r.subject === subject),
  );
  const sequence = Number(counter?.value ?? 0) + 1;
  return { number: formatNumber(context.parts, { ...context.values, sequence }), sequence };
}
