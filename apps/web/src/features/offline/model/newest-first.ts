import type { StoredSummary } from '../../../offline-db';

/**
 * The offline lists' order: the online index's default (planned start, newest first: contracts
 * `permitIndexQuerySchema`), then the latest created, then the highest number, so a user finds a
 * permit in the same place with or without a network (decision 0068). Dates are ISO 8601 strings
 * from the server or the device; `Date.parse` compares them whatever their offset.
 */
export function newestFirst(a: StoredSummary, b: StoredSummary): number {
  return (
    time(b.plannedStart) - time(a.plannedStart) ||
    time(b.createdAt) - time(a.createdAt) ||
    (b.provisionalNumber ?? b.number).localeCompare(a.provisionalNumber ?? a.number, undefined, { numeric: true })
  );
}

/** A missing or unreadable date sorts last. */
function time(iso: string | undefined): number {
  const ms = iso ? Date.parse(iso) : NaN;
  return Number.isNaN(ms) ? -Infinity : ms;
}
