/**
 * The year and month at `now` in a facility's time zone: a facility in Chicago still numbers in
 * the old year at 01:00 UTC on 1 January.
 */
export function yearMonthIn(timeZone: string, now: Date): { year: number; month: number } {
  let parts: Intl.DateTimeFormatPart[];
  try {
    parts = new Intl.DateTimeFormat('en-US', { timeZone, year: 'numeric', month: 'numeric' }).formatToParts(now);
  } catch {
    return { year: now.getUTCFullYear(), month: now.getUTCMonth() + 1 };
  }
  const value = (type: string) => Number(parts.find((p) => p.type === type)?.value);
  return { year: value('year'), month: value('month') };
}

/** The counter period of a subject: its year when it starts again each year, else 0. */
export const periodOf = (yearlyReset: boolean, year: number): number => (yearlyReset ? year : 0);
