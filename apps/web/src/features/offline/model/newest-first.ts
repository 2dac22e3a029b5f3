import type { OfflinePermit } from '@hasp/contracts';
import type { StoredPermit } from '../../../offline-db';

const permitOf = (stored: StoredPermit) => (stored.data as OfflinePermit).permit;

/**
 * The offline lists' order: the online index's default (planned start, newest first: contracts
 * `permitIndexQuerySchema`), then the latest created, then the highest number, so a user finds a
 * permit in the same place with or without a network (decision 0068). Dates are ISO 8601 strings
 * from the server or the device; `Date.parse` compares them whatever their offset.
 */
export function newestFirst(a: StoredPermit, b: StoredPermit): number {
  const pa = permitOf(a);
  const pb = permitOf(b);
  return (
    time(pb.plannedStart) - time(pa.plannedStart) ||
    time(pb.createdAt) - time(pa.createdAt) ||
    (b.provisionalNumber ?? pb.number).localeCompare(a.provisionalNumber ?? pa.number, undefined, { numeric: true })
  );
}

/** A missing or unreadable date sorts last. */
function time(iso: string | undefined): number {
  const ms = iso ? Date.parse(iso) : NaN;
  return Number.isNaN(ms) ? -Infinity : ms;
}
