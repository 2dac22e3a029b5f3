import { facilityProfileInputSchema, type FacilityProfileInput } from '@hasp/contracts';

/** Every IANA time zone this browser knows, and UTC (valid everywhere, not listed by every engine). */
export function timeZoneOptions(current: string): string[] {
  const zones = new Set(['UTC', ...Intl.supportedValuesOf('timeZone')]);
  // The stored zone stays choosable even if this browser does not list it.
  if (current) zones.add(current);
  return [...zones].sort((a, b) => a.localeCompare(b));
}

/** Field → message for the profile form, in the contracts' words (the server says the same). */
export function profileProblems(input: FacilityProfileInput): Partial<Record<keyof FacilityProfileInput, string>> {
  const result = facilityProfileInputSchema.safeParse(input);
  if (result.success) return {};
  const problems: Partial<Record<keyof FacilityProfileInput, string>> = {};
  for (const issue of result.error.issues) {
    const field = issue.path[0] as keyof FacilityProfileInput;
    problems[field] ??= issue.message;
  }
  return problems;
}
