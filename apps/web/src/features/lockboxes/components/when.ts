import { dayOf, formatDateTime } from '../../../lib/date-time';

/** A sign-on or sign-off time as the crew reads it: the time today, else the date too (the app's one formatter). */
export function when(iso: string, now = new Date()): string {
  return formatDateTime(iso, { parts: dayOf(iso) === dayOf(now) ? 'time' : 'date-time' });
}
