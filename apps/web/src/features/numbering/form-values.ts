import {
  FACILITY_CODE_PATTERN,
  formatNumber,
  parseNumberingPattern,
  type NumberingOverview,
  type NumberingProblem,
  type NumberingSubjectRow,
} from '@hasp/contracts';

/** One row as edited. */
export interface PatternDraft {
  pattern: string;
  yearlyReset: boolean;
}

export interface NumberingDraft {
  facilityCode: string;
  patterns: Record<string, PatternDraft>;
}

export function draftOf(overview: NumberingOverview): NumberingDraft {
  return {
    facilityCode: overview.facilityCode,
    patterns: Object.fromEntries(
      overview.subjects.map((s) => [s.subject, { pattern: s.pattern, yearlyReset: s.yearlyReset }]),
    ),
  };
}

/**
 * The next number a row would give with the draft's pattern, facility code and reset choice, or
 * the problem that keeps the pattern from being saved. Computed here, as the user types.
 */
export function previewOf(
  overview: NumberingOverview,
  row: NumberingSubjectRow,
  draft: NumberingDraft,
): { number: string; problem: null } | { number: null; problem: NumberingProblem } {
  const edited = draft.patterns[row.subject] ?? { pattern: row.pattern, yearlyReset: row.yearlyReset };
  const parsed = parseNumberingPattern(edited.pattern, row.kind);
  if (parsed.problem) return { number: null, problem: parsed.problem };
  const number = formatNumber(parsed.parts, {
    prefix: row.permitType?.prefix ?? '',
    typeCode: row.permitType?.code ?? '',
    facilityCode: draft.facilityCode,
    year: overview.year,
    month: overview.month,
    sequence: edited.yearlyReset ? row.nextSequence.yearly : row.nextSequence.continuous,
  });
  return { number, problem: null };
}

export const facilityCodeIsValid = (code: string): boolean => FACILITY_CODE_PATTERN.test(code);

/** The rows whose pattern or reset differ from the saved ones. */
export function changedRows(overview: NumberingOverview, draft: NumberingDraft): NumberingSubjectRow[] {
  return overview.subjects.filter((s) => {
    const d = draft.patterns[s.subject];
    return d !== undefined && (d.pattern !== s.pattern || d.yearlyReset !== s.yearlyReset);
  });
}
