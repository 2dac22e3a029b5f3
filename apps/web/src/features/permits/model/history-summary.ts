import type { PermitHistoryEntry } from '@hasp/contracts';
import { formatDateTime } from '../../../lib/date-time';

/** A history entry's line under its action: an extension names its new end in people's words, never raw ISO. */
export function historySummary(
  entry: Pick<PermitHistoryEntry, 'summary' | 'plannedEnd'>,
  /** "Planned end" in the reader's language (the caption). */
  plannedEndLabel = 'Planned end',
): string {
  return entry.plannedEnd ? `${plannedEndLabel}: ${formatDateTime(entry.plannedEnd)}` : entry.summary;
}
