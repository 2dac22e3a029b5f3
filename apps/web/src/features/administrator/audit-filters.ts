import type { AuditQuery, AuditScope } from '@hasp/contracts';

/** The audit filters as the form holds them: dates as `YYYY-MM-DD` (the user's days), the rest as chosen. */
export interface AuditFilterValues {
  fromDate: string;
  toDate: string;
  userId: string;
  action: string;
  entityType: string;
  entityId: string;
  scope: AuditScope;
}

export const emptyAuditFilters: AuditFilterValues = {
  fromDate: '',
  toDate: '',
  userId: '',
  action: '',
  entityType: '',
  entityId: '',
  scope: 'all',
};

/** The start of a local day as an ISO moment (`days` later), or undefined for an empty or bad value. */
function startOfLocalDay(value: string, days = 0): string | undefined {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  if (!match) return undefined;
  const date = new Date(Number(match[1]), Number(match[2]) - 1, Number(match[3]) + days);
  return Number.isNaN(date.getTime()) ? undefined : date.toISOString();
}

/**
 * The server query for the filters: the date range covers whole days in the user's time zone, the
 * "to" day included. Empty filters are left out.
 * @example auditQueryOf({ ...emptyAuditFilters, action: 'facility.create' }, 50) // { scope: 'all', action: 'facility.create', pageSize: '50' }
 */
export function auditQueryOf(values: AuditFilterValues, pageSize: number, cursor?: string): AuditQuery {
  const query: AuditQuery = { scope: values.scope, pageSize: String(pageSize) };
  const from = startOfLocalDay(values.fromDate);
  const to = startOfLocalDay(values.toDate, 1);
  if (from) query.from = from;
  if (to) query.to = to;
  if (values.userId) query.userId = values.userId;
  if (values.action) query.action = values.action;
  if (values.entityType) query.entityType = values.entityType;
  if (values.entityId.trim()) query.entityId = values.entityId.trim();
  if (cursor) query.cursor = cursor;
  return query;
}
