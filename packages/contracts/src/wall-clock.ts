/**
 * "2026-11-24 14:05 +01:00": an instant as the clock on the wall showed it in a time zone, with the
 * UTC offset then — readable at the plant and unambiguous to anyone elsewhere. Signatures, the PDF
 * and the lifecycle's refusals name times this way.
 */
export function localTimeWithOffset(at: Date, timeZone: string): string {
  const parts = new Intl.DateTimeFormat('en-CA', {
    timeZone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
    timeZoneName: 'longOffset',
  }).formatToParts(at);
  const part = (type: Intl.DateTimeFormatPartTypes) => parts.find((p) => p.type === type)?.value ?? '';
  // "GMT+01:00", or "GMT" at UTC itself.
  const offset = part('timeZoneName').replace('GMT', '') || '+00:00';
  return `${part('year')}-${part('month')}-${part('day')} ${part('hour')}:${part('minute')} ${offset}`;
}
