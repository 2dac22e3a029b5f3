import * as z from 'zod/mini';
import { commandRoute } from './command-routes';
import {
  gasAgeCaptions as ageWords,
  gasFailingReadingCaptions as readingWords,
  gasVerbCaptions,
  permitGuardCaptions as guardWords,
} from './captions/permit-guards';
import { DEVICE_CLOCK_ALLOWANCE_MINUTES } from './constants';
import { say, saidSchema, type Spoken } from './said';
import { idParamSchema, idSchema, isoDaySchema } from './ids';
import { permitStatusLabels, type PermitStatus } from './permit-lifecycle';
import { gasTesterPermission, permitPermission } from './permissions';

/**
 * Gas tests (module `gas-tests`, decision 0049). A facility configures the gas
 * parameters it measures (O2, LEL, H2S, CO, …: unit, low and/or high limit) and its gas detectors
 * (instruments, with their calibration due date). A permit whose type has the 'gas-tests' section
 * records tests: one reading per active parameter, the instrument, tester, time and place. Each
 * reading keeps the parameter's name, unit and limits it was taken against (a later change to the
 * limits does not rewrite history). Tests are never deleted: one entered in error is voided with a
 * reason. Issue and revalidate are refused unless the latest test is within limits and fresh.
 */

/** Commands on a permit's gas tests, one route each: `POST /api/permits/:permitId/gas-tests/commands/<verb>`. */
export const gasTestCommands = ['record', 'void'] as const;
export type GasTestCommand = (typeof gasTestCommands)[number];

/** Statuses in which tests are recorded or voided: from approval (pre-entry tests) until the work is complete. */
export const gasTestStatuses: readonly PermitStatus[] = [
  'approved',
  'isolated',
  'issued',
  'active',
  'suspended',
  'live_for_test',
];

/** The type setting's bounds and the default for types that do not say. */
export const GAS_RETEST_MINUTES_DEFAULT = 120;
export const GAS_RETEST_MINUTES_MAX = 24 * 60;
export const gasRetestMinutesSchema = z
  .int('Gas re-test interval: whole minutes')
  .check(
    z.gte(5, 'Gas re-test interval: at least 5 minutes'),
    z.lte(GAS_RETEST_MINUTES_MAX, `Gas re-test interval: at most ${GAS_RETEST_MINUTES_MAX} minutes (one day)`),
  );

const text = (label: string, max: number) =>
  z
    .string()
    .check(z.trim(), z.minLength(1, `${label}: required`), z.maxLength(max, `${label}: at most ${max} characters`));
const limit = (label: string) =>
  z.nullable(
    z
      .number(`${label}: a number`)
      .check(z.gte(-1_000_000, `${label}: too small`), z.lte(1_000_000, `${label}: too large`)),
  );
const dateOnly = isoDaySchema('Calibration due: a date (YYYY-MM-DD)');

// ---- Facility configuration ----

export const gasParameterSchema = z.object({
  ID: z.int(),
  code: z.string(),
  name: z.string(),
  unit: z.string(),
  lowLimit: z.nullable(z.number()),
  highLimit: z.nullable(z.number()),
  isActive: z.boolean(),
  sortOrder: z.int(),
});
export type GasParameter = z.infer<typeof gasParameterSchema>;

export const gasInstrumentSchema = z.object({
  ID: z.int(),
  name: z.string(),
  serial: z.string(),
  /** The last day the calibration is valid (YYYY-MM-DD). */
  calibrationDue: z.string(),
  isActive: z.boolean(),
});
export type GasInstrument = z.infer<typeof gasInstrumentSchema>;

/** GET /api/gas-tests/config and every configuration change's answer. */
export const gasConfigSchema = z.object({
  parameters: z.array(gasParameterSchema),
  instruments: z.array(gasInstrumentSchema),
});
export type GasConfig = z.infer<typeof gasConfigSchema>;

/** POST /api/gas-tests/parameters, PUT /api/gas-tests/parameters/:id: at least one limit, low below high. */
export const gasParameterInputSchema = z
  .object({
    code: text('Code', 12),
    name: text('Name', 60),
    unit: text('Unit', 12),
    lowLimit: limit('Low limit'),
    highLimit: limit('High limit'),
    isActive: z.optional(z.boolean()),
  })
  .check(
    z.refine((p) => p.lowLimit !== null || p.highLimit !== null, {
      message: 'Limits: give a low limit, a high limit or both',
      path: ['highLimit'],
    }),
    z.refine((p) => p.lowLimit === null || p.highLimit === null || p.lowLimit < p.highLimit, {
      message: 'Limits: the low limit must be below the high limit',
      path: ['lowLimit'],
    }),
  );
export type GasParameterInput = z.infer<typeof gasParameterInputSchema>;

export const gasInstrumentInputSchema = z.object({
  name: text('Name', 80),
  serial: text('Serial', 40),
  calibrationDue: dateOnly,
  isActive: z.optional(z.boolean()),
});
export type GasInstrumentInput = z.infer<typeof gasInstrumentInputSchema>;

// ---- A permit's tests ----

export const gasTestParamsSchema = z.object({ permitId: idParamSchema });

export const gasReadingSchema = z.object({
  parameterId: z.int(),
  code: z.string(),
  name: z.string(),
  unit: z.string(),
  value: z.number(),
  lowLimit: z.nullable(z.number()),
  highLimit: z.nullable(z.number()),
  inLimits: z.boolean(),
});
export type GasReading = z.infer<typeof gasReadingSchema>;

export const gasTestSchema = z.object({
  ID: z.int(),
  testedAt: z.string(),
  location: z.string(),
  instrument: z.object({ ID: z.int(), name: z.string(), serial: z.string(), calibrationDue: z.string() }),
  /** The tester: a user of the facility (ID) or a named person (ID null). */
  tester: z.object({ ID: z.nullable(z.int()), name: z.string() }),
  recordedBy: z.object({ ID: z.int(), name: z.string() }),
  /** When the server received the test (its clock): with `testedAt`, the order the rules judge tests by. */
  recordedAt: z.string(),
  readings: z.array(gasReadingSchema),
  inLimits: z.boolean(),
  voided: z.nullable(z.object({ at: z.string(), by: z.string(), reason: z.string() })),
});
export type GasTest = z.infer<typeof gasTestSchema>;

/** GET /api/permits/:permitId/gas-tests: newest first, voided ones too; what the caller may do now. */
export const gasTestsViewSchema = z.object({
  permitId: z.int(),
  version: z.int(),
  retestMinutes: z.int(),
  /** The lifecycle's words on the latest test ("Gas test: H2S 12 ppm is above …"), null when it allows issue. */
  refusal: z.nullable(z.string()),
  /** The same words as a caption, said in the reader's language (absent in a copy stored before it existed). */
  refusalSaid: z.optional(z.nullable(saidSchema)),
  parameters: z.array(gasParameterSchema),
  instruments: z.array(gasInstrumentSchema),
  tests: z.array(gasTestSchema),
  canRecord: z.boolean(),
  canVoid: z.boolean(),
});
export type GasTestsView = z.infer<typeof gasTestsViewSchema>;

export const GAS_READING_MAX = 1_000_000;
export const gasTestRecordSchema = z.object({
  readings: z
    .array(
      z.object({
        parameterId: idSchema,
        value: z
          .number('Reading: a number')
          .check(z.gte(-GAS_READING_MAX, 'Reading: too small'), z.lte(GAS_READING_MAX, 'Reading: too large')),
      }),
    )
    .check(z.minLength(1, 'Readings: at least one'), z.maxLength(50, 'Readings: at most 50')),
  instrumentId: idSchema,
  /**
   * No longer chosen: the tester is the signed-in person, who holds `gas:test`. Kept so that a client
   * (or a device's queued test) still naming another person is refused with why, not recorded as if
   * the caller had tested.
   */
  testerId: z.optional(z.nullable(idSchema)),
  testerName: z.optional(z.nullable(z.string())),
  /** When the readings were taken; omitted: now. At most the device clock allowance ahead of the server. */
  testedAt: z.optional(z.iso.datetime({ offset: true, message: 'Tested at: a date and time' })),
  location: text('Location', 120),
});
export type GasTestRecord = z.infer<typeof gasTestRecordSchema>;

export const gasTestVoidSchema = z.object({ testId: idSchema, reason: text('Reason', 300) });
export type GasTestVoid = z.infer<typeof gasTestVoidSchema>;

export const gasTestCommandInputSchemas = { record: gasTestRecordSchema, void: gasTestVoidSchema } as const;

/** Recording and voiding a gas test: the URL's permit is the target (its tests' version); queueable offline. */
export const gasTestCommandRoutes = gasTestCommands.map((verb) =>
  commandRoute({
    name: `gas-test.${verb}`,
    path: `/permits/:permitId/gas-tests/commands/${verb}`,
    params: gasTestParamsSchema,
    body: gasTestCommandInputSchemas[verb],
    offline: true,
  }),
);

// ---- The rules, shared by the server's guard and the section ----

const fmt = (n: number) => String(Math.round(n * 1000) / 1000);
const withUnit = (n: number, unit: string) => (unit === '%' ? `${fmt(n)} %` : `${fmt(n)} ${unit}`);

/** Is a value within a parameter's limits (inclusive)? */
export function gasInLimits(value: number, p: { lowLimit: number | null; highLimit: number | null }): boolean {
  return (p.lowLimit === null || value >= p.lowLimit) && (p.highLimit === null || value <= p.highLimit);
}

/** "H2S 12 ppm is above the limit of 10 ppm" / "O2 18 % is below the limit of 19.5 %". */
export function gasReadingProblem(
  r: Pick<GasReading, 'code' | 'unit' | 'value' | 'lowLimit' | 'highLimit'>,
): string | null {
  if (r.lowLimit !== null && r.value < r.lowLimit)
    return `${r.code} ${withUnit(r.value, r.unit)} is below the limit of ${withUnit(r.lowLimit, r.unit)}`;
  if (r.highLimit !== null && r.value > r.highLimit)
    return `${r.code} ${withUnit(r.value, r.unit)} is above the limit of ${withUnit(r.highLimit, r.unit)}`;
  return null;
}

/** A failing test's readings out of their limits, in the reader's words; the last says when it was measured. */
function failingReadingsSaid(t: { testedAt: string; readings: GasTestForRule['readings'] }): Spoken[] {
  const out = t.readings.filter((r) => gasReadingProblem(r) !== null);
  return out.map((r, i) => {
    const below = r.lowLimit !== null && r.value < r.lowLimit;
    const values = {
      code: r.code,
      value: withUnit(r.value, r.unit),
      limit: withUnit((below ? r.lowLimit : r.highLimit)!, r.unit),
    };
    if (i < out.length - 1) return say(below ? readingWords.below : readingWords.above, values);
    const at = gasMeasuredText(t.testedAt);
    return say(below ? readingWords.belowMeasured : readingWords.aboveMeasured, { ...values, at });
  });
}

/** "19.5–23.5 %", "≤ 10 ppm", "≥ 19.5 %". */
export function gasLimitsText(p: { lowLimit: number | null; highLimit: number | null; unit: string }): string {
  if (p.lowLimit !== null && p.highLimit !== null) return `${fmt(p.lowLimit)}–${withUnit(p.highLimit, p.unit)}`;
  if (p.highLimit !== null) return `≤ ${withUnit(p.highLimit, p.unit)}`;
  return p.lowLimit !== null ? `≥ ${withUnit(p.lowLimit, p.unit)}` : '';
}

/** "45 minutes", "2 h 5 min". */
/** A test's age in the reader's words: "1 minute", "40 minutes", "2 h", "2 h 5 min". */
function age(minutes: number): Spoken {
  if (minutes < 60) return say(minutes === 1 ? ageWords.minute : ageWords.minutes, { count: minutes });
  const hours = Math.floor(minutes / 60);
  const m = minutes % 60;
  return m ? say(ageWords.hoursMinutes, { hours, minutes: m }) : say(ageWords.hours, { hours });
}

const ruleReadingSchema = z.object({
  code: z.string(),
  unit: z.string(),
  value: z.number(),
  lowLimit: z.nullable(z.number()),
  highLimit: z.nullable(z.number()),
});
/** GasTestStanding as data (the offline flags' inputs keep it). */
export const gasTestStandingSchema = z.object({
  failing: z.array(z.object({ testedAt: z.string(), readings: z.array(ruleReadingSchema) })),
  lastPassAt: z.nullable(z.string()),
});

/** A test as the rules read it: when it was measured, when the server received it, and its readings. */
export interface GasTestForRule {
  ID: number;
  /** When the readings were taken (the tester's, or their device's, clock). */
  testedAt: string;
  /** When the server received the test (its own clock; a test not yet synced: the device's now). */
  recordedAt: string;
  readings: Pick<GasReading, 'code' | 'unit' | 'value' | 'lowLimit' | 'highLimit'>[];
  voided?: unknown;
}

/** What the tests leave standing: the failing readings not cleared, and the newest measured pass. */
export interface GasTestStanding {
  /** Tests with a reading out of limits that no passing re-test has cleared, in the order received. */
  failing: { testedAt: string; readings: GasTestForRule['readings'] }[];
  /** When the newest-measured passing test was measured; null when no test passed. */
  lastPassAt: string | null;
}

const passes = (t: Pick<GasTestForRule, 'readings'>) => t.readings.every((r) => gasReadingProblem(r) === null);
const receivedOrder = (a: GasTestForRule, b: GasTestForRule) =>
  Date.parse(a.recordedAt) - Date.parse(b.recordedAt) || a.ID - b.ID;

/**
 * The tests' standing (voided ones ignored, in any order). A failing test stays standing until a
 * passing re-test both measured after it (testedAt) and received after it (the server's order)
 * clears it: a pass dated ahead, back-dated, or synced from an earlier measurement never hides a
 * reading out of limits recorded after it, and an offline reading synced late is judged by both.
 */
export function gasTestStanding(tests: readonly GasTestForRule[]): GasTestStanding {
  const valid = tests.filter((t) => !t.voided).sort(receivedOrder);
  const failing = valid.filter(
    (bad, i) =>
      !passes(bad) &&
      !valid.slice(i + 1).some((good) => passes(good) && Date.parse(good.testedAt) > Date.parse(bad.testedAt)),
  );
  const passTimes = valid.filter(passes).map((t) => Date.parse(t.testedAt));
  return {
    failing: failing.map(({ testedAt, readings }) => ({ testedAt, readings })),
    lastPassAt: passTimes.length ? new Date(Math.max(...passTimes)).toISOString() : null,
  };
}

/** "2026-12-05 14:02 UTC": when a reading was measured, as a refusal names it. */
export function gasMeasuredText(testedAt: string): string {
  return `${new Date(testedAt).toISOString().slice(0, 16).replace('T', ' ')} UTC`;
}

/**
 * Why the permit may not be issued, accepted or revalidated on its gas tests (null: it may): a
 * failing reading still standing (named: gas, value, limit, when measured), no passing test, or the
 * newest pass older than the re-test interval on the server's clock (`now`). `accepted` asks only
 * the standing failures (the issue's test already had to be fresh).
 * @example gasTestRefusal({ standing: { failing: [], lastPassAt: null }, retestMinutes: 120, now, verb: 'issued' }) // 'Gas test: record a gas test before the permit is issued.'
 */
export function gasTestRefusal(args: {
  standing: GasTestStanding;
  retestMinutes: number;
  now: Date;
  verb: 'issued' | 'accepted' | 'revalidated';
}): string | null {
  return gasTestRefusalSaid(args)?.message ?? null;
}

/**
 * `gasTestRefusal` with its caption, so the lifecycle's refusal says it in the reader's language:
 * each failing reading and the test's age are phrases of their own; gas codes, numbers, units and
 * the UTC time stay as written.
 */
export function gasTestRefusalSaid(args: {
  standing: GasTestStanding;
  retestMinutes: number;
  now: Date;
  verb: 'issued' | 'accepted' | 'revalidated';
}): Spoken | null {
  const { standing, retestMinutes, now, verb } = args;
  const verbTerm = { verb: gasVerbCaptions[verb] };
  if (standing.failing.length) {
    const caption = standing.failing.length > 1 ? guardWords.gasFailingMany : guardWords.gasFailingOne;
    return say(caption, {}, verbTerm, {}, { failing: standing.failing.flatMap(failingReadingsSaid) });
  }
  if (verb === 'accepted') return null;
  if (!standing.lastPassAt) return say(guardWords.gasNone, {}, verbTerm);
  const minutes = Math.floor((now.getTime() - Date.parse(standing.lastPassAt)) / 60_000);
  if (minutes > retestMinutes)
    return say(guardWords.gasStale, { minutes: retestMinutes }, {}, {}, { age: [age(minutes)] });
  return null;
}

/**
 * The gas section's `refusal`: the lifecycle's words on the tests (`gasTestRefusal`), for the
 * command the permit waits for (revalidate when Suspended, else issue), at `now`; null for a type
 * without gas tests. The server's section and the offline flags (offline-flags.ts) answer it with this.
 */
export function gasTestsSectionRefusal(args: {
  permit: { sections: readonly string[]; status: PermitStatus };
  standing: GasTestStanding;
  retestMinutes: number;
  now: Date;
}): string | null {
  return gasTestsSectionRefusalSaid(args)?.message ?? null;
}

/** `gasTestsSectionRefusal` with its caption: the section's `refusal` and `refusalSaid`. */
export function gasTestsSectionRefusalSaid(args: {
  permit: { sections: readonly string[]; status: PermitStatus };
  standing: GasTestStanding;
  retestMinutes: number;
  now: Date;
}): Spoken | null {
  const { permit, standing, retestMinutes, now } = args;
  if (!permit.sections.includes('gas-tests')) return null;
  const verb = permit.status === 'suspended' ? 'revalidated' : 'issued';
  return gasTestRefusalSaid({ standing, retestMinutes, now, verb });
}

/** The section's refusal fields from the rule's words. */
export const gasTestsRefusalFields = (spoken: Spoken | null): Pick<GasTestsView, 'refusal' | 'refusalSaid'> => ({
  refusal: spoken?.message ?? null,
  refusalSaid: spoken?.said ?? null,
});

/** "Tested at: at most 5 minutes ahead of …": a measured time beyond the device clock allowance, or null. */
export function gasTestedAtProblem(testedAt: Date, now: Date): string | null {
  if (testedAt.getTime() <= now.getTime() + DEVICE_CLOCK_ALLOWANCE_MINUTES * 60_000) return null;
  return `Tested at: ${gasMeasuredText(testedAt.toISOString())} is in the future; a device clock may run at most ${DEVICE_CLOCK_ALLOWANCE_MINUTES} minutes ahead of the server's. Check the time (and the device's clock).`;
}

// ---- Recording a test: the server decides with these, the offline page applies with them (decision 0064) ----

/**
 * Why `userId` may not record or void a test on this permit now (null: they may), with the HTTP
 * status the server answers: the permit's view permission (recording: and `gas:test`, the caller
 * being the tester), the type's section, the status window;
 * voiding: the test exists, is not voided, and is theirs or they may issue.
 */
export function gasTestCommandProblem(
  permit: { typeCode: string; sections: readonly string[]; status: PermitStatus },
  permissions: ReadonlySet<string>,
  userId: number,
  command: GasTestCommand,
  test?: { recordedBy: { ID: number }; voided: unknown } | null,
): { status: 403 | 404 | 409; message: string } | null {
  if (!permissions.has(permitPermission('view', permit.typeCode)))
    return { status: 403, message: `You need the permission permit:view:${permit.typeCode} to record gas tests.` };
  if (command === 'record' && !permissions.has(gasTesterPermission))
    return {
      status: 403,
      message: `You need the permission ${gasTesterPermission} (Test gas) to record a gas test: the tester is the person who records it.`,
    };
  if (!permit.sections.includes('gas-tests'))
    return { status: 409, message: `${permit.typeCode} permits have no gas tests.` };
  if (!gasTestStatuses.includes(permit.status))
    return {
      status: 409,
      message: `Gas tests are recorded from approval until the work is complete; this permit is ${permitStatusLabels[permit.status]}.`,
    };
  if (command === 'void' && test !== undefined) {
    if (test === null) return { status: 404, message: 'Gas test not found' };
    if (test.voided) return { status: 409, message: 'This gas test is already voided.' };
    if (test.recordedBy.ID !== userId && !permissions.has(permitPermission('issue', permit.typeCode)))
      return {
        status: 403,
        message: `Only the person who recorded the test or someone who may issue ${permit.typeCode} permits can void it.`,
      };
  }
  return null;
}

/**
 * A test's readings checked against the facility's active parameters: one for each, nothing else,
 * each kept with the limits it was taken against; or the field at fault and why.
 */
export function gasReadingsOf(
  parameters: readonly Pick<GasParameter, 'ID' | 'code' | 'name' | 'unit' | 'lowLimit' | 'highLimit'>[],
  input: readonly { parameterId: number; value: number }[],
): { ok: true; readings: GasReading[] } | { ok: false; field: string; message: string } {
  const seen = new Set<number>();
  const readings: GasReading[] = [];
  for (const [i, r] of input.entries()) {
    const p = parameters.find((x) => x.ID === r.parameterId);
    if (!p)
      return {
        ok: false,
        field: `readings.${i}.parameterId`,
        message: 'Reading: no active gas parameter of this facility has that ID',
      };
    if (seen.has(p.ID))
      return { ok: false, field: `readings.${i}.parameterId`, message: `Reading: ${p.code} is given twice` };
    seen.add(p.ID);
    const { code, name, unit, lowLimit, highLimit } = p;
    readings.push({
      parameterId: p.ID,
      code,
      name,
      unit,
      value: r.value,
      lowLimit,
      highLimit,
      inLimits: gasInLimits(r.value, p),
    });
  }
  const missing = parameters.filter((p) => !seen.has(p.ID));
  if (missing.length)
    return {
      ok: false,
      field: 'readings',
      message: `Readings: no reading for ${missing.map((p) => `${p.code} (${p.name})`).join(', ')}`,
    };
  return { ok: true, readings };
}

/** Why the instrument cannot have taken a test at `testedAt`: its calibration was due before (null: it can). */
export function gasInstrumentProblem(
  instrument: Pick<GasInstrument, 'name' | 'serial' | 'calibrationDue'>,
  testedAt: Date,
): string | null {
  // The due date is the last day the calibration holds (compared in UTC, as the server stores times).
  if (testedAt.toISOString().slice(0, 10) <= instrument.calibrationDue) return null;
  return `Instrument: ${instrument.name} (serial ${instrument.serial}) was due for calibration on ${instrument.calibrationDue}. Use a calibrated instrument.`;
}
