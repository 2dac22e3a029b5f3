import type { PermitHistoryEntry } from '@hasp/contracts';

/**
 * How the permit page says an instant: medium date and short time in the reader's language, in the
 * browser's time zone (the web app has no facility time zone yet; every other screen — the index,
 * "My work", notifications, devices — says times the same way).
 */
export function formatDateTime(iso: string, locale: string | undefined, timeZone?: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  return new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short', timeZone }).format(date);
}

/** A history entry's line under its action: an extension names its new end in people's words, never raw ISO. */
export function historySummary(
  entry: Pick<PermitHistoryEntry, 'summary' | 'plannedEnd'>,
  locale: string | undefined,
  timeZone?: string,
  /** "Planned end" in the reader's language (the caption). */
  plannedEndLabel = 'Planned end',
): string {
  return entry.plannedEnd ? `${plannedEndLabel}: ${formatDateTime(entry.plannedEnd, locale, timeZone)}` : entry.summary;
}
