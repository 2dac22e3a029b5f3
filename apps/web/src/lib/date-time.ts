import { currentLanguage } from './i18n';

/**
 * The one way the app says a moment: in the app's language ("Nov 24, 2026, 4:56 PM" in English;
 * elsewhere the language's numeric date and its own clock, "24/11/2026, 16:56" in Spanish) and in
 * the facility's time zone. When that zone is not the device's, the time says which zone it is in
 * ("16:56 GMT-6"), as the permit PDF names its zone: a supervisor away from the plant reads plant
 * time, never a time silently shifted to wherever they are. Components that call it use
 * useCaptions(), so they draw again when the language changes.
 */

export type MomentParts = 'date-time' | 'time' | 'date';

export interface MomentFormat {
  /** The IANA zone to say the moment in; the facility's (showTimesIn) when absent, else the device's. */
  timeZone?: string;
  parts?: MomentParts;
  /** The app's language unless told (tests). */
  language?: string;
  /** The device's zone unless told (tests). */
  deviceZone?: string;
}

/** The facility's time zone, once a screen knows it (the permit page, from its permit). */
let facilityZone: string | undefined;

/**
 * Says every later moment in this zone (the facility's). Every permit of a session is of the
 * session's facility, so the zone a permit carries holds for the other screens too.
 */
export function showTimesIn(zone: string | null | undefined): void {
  if (zone) facilityZone = zone;
}

export const deviceTimeZone = (): string => Intl.DateTimeFormat().resolvedOptions().timeZone;

/** Formatters by language, zone and parts: a grid formats hundreds of dates per render. */
const formats = new Map<string, Intl.DateTimeFormat>();

function optionsFor(language: string, parts: MomentParts): Intl.DateTimeFormatOptions {
  // English keeps the medium date people read at a glance; other languages their numeric date and
  // their own clock (Spanish: 29/11/2026, 16:56), never the month-first US order.
  const date: Intl.DateTimeFormatOptions = language.startsWith('en')
    ? { year: 'numeric', month: 'short', day: 'numeric' }
    : { year: 'numeric', month: '2-digit', day: '2-digit' };
  const time: Intl.DateTimeFormatOptions = { hour: 'numeric', minute: '2-digit' };
  if (parts === 'date') return date;
  if (parts === 'time') return time;
  return { ...date, ...time };
}

function formatterFor(language: string, zone: string | undefined, parts: MomentParts, labelled: boolean) {
  const key = `${language}|${zone ?? ''}|${parts}|${labelled}`;
  let format = formats.get(key);
  if (!format) {
    const options: Intl.DateTimeFormatOptions = {
      ...optionsFor(language, parts),
      ...(zone ? { timeZone: zone } : {}),
      ...(labelled && parts !== 'date' ? { timeZoneName: 'short' } : {}),
    };
    try {
      format = new Intl.DateTimeFormat(language, options);
    } catch {
      // An unknown language code (or zone) falls back to the browser's.
      format = new Intl.DateTimeFormat(undefined, { ...options, timeZone: undefined });
    }
    formats.set(key, format);
  }
  return format;
}

/**
 * A moment as the user reads it: see the module's comment.
 * @example formatDateTime('2026-11-29T13:08:00Z', { language: 'es', timeZone: 'America/Chicago', deviceZone: 'America/Chicago' }) === '29/11/2026, 7:08'
 */
export function formatDateTime(moment: string | number | Date, format: MomentFormat = {}): string {
  const date = moment instanceof Date ? moment : new Date(moment);
  if (Number.isNaN(date.getTime())) return String(moment);
  const language = format.language ?? currentLanguage();
  const zone = format.timeZone ?? facilityZone;
  const labelled = zone !== undefined && zone !== (format.deviceZone ?? deviceTimeZone());
  return formatterFor(language, zone, format.parts ?? 'date-time', labelled).format(date);
}

/** The calendar day of a moment in the shown zone, to tell "today" from another day. */
export function dayOf(moment: string | number | Date, format: Omit<MomentFormat, 'parts'> = {}): string {
  return formatDateTime(moment, { ...format, parts: 'date', language: 'en' });
}
