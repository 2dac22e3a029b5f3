import {
  lockKinds,
  lockManageLabels as L,
  lockStatuses,
  type LockKind,
  type LockListQuery,
  type LockStatus,
} from '@hasp/contracts';
import { translate, type Translate } from '../../../lib/i18n';

/** The screen's filters from the URL (`?q=&status=&kind=&ownerId=`): unknown values are ignored. */
export function readLockFilters(params: URLSearchParams): LockListQuery {
  const query: LockListQuery = {};
  const q = params.get('q')?.trim();
  if (q) query.q = q.slice(0, 100);
  const status = params.get('status');
  if (status && (lockStatuses as readonly string[]).includes(status)) query.status = status as LockStatus;
  const kind = params.get('kind');
  if (kind && (lockKinds as readonly string[]).includes(kind)) query.kind = kind as LockKind;
  const owner = Number(params.get('ownerId'));
  if (Number.isInteger(owner) && owner > 0) query.ownerId = owner;
  return query;
}

/** The URL's parameters for filters (empty ones left out). */
export function writeLockFilters(query: LockListQuery): URLSearchParams {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value !== undefined && value !== '') params.set(key, String(value));
  }
  return params;
}

/** Where a lock in use is, in words: "LOTO-0042 · point E-101 (MCC-3 bucket 4)" or "LOTO-0042 · lockbox LB-7". */
export function whereText(
  where: { permitNumber: string; pointCode: string | null; pointLocation: string | null; lockboxNumber: string | null },
  t: Translate = translate,
): string {
  const permit = where.permitNumber;
  if (where.pointCode !== null) {
    return where.pointLocation
      ? t(L.wherePointAt, { permit, code: where.pointCode, location: where.pointLocation })
      : t(L.wherePoint, { permit, code: where.pointCode });
  }
  return t(L.whereLockbox, { permit, number: where.lockboxNumber ?? '' });
}
