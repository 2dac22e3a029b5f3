import { describe, expect, it } from 'vitest';
import { auditQueryOf, emptyAuditFilters } from './audit-filters';

describe('auditQueryOf', () => {
  it('leaves empty filters out', () => {
    expect(auditQueryOf(emptyAuditFilters, 50)).toEqual({ scope: 'all', pageSize: '50' });
  });

  it('covers whole local days, the "to" day included', () => {
    const query = auditQueryOf({ ...emptyAuditFilters, fromDate: '2026-03-01', toDate: '2026-03-02' }, 50);
    expect(query.from).toBe(new Date(2026, 2, 1).toISOString());
    expect(query.to).toBe(new Date(2026, 2, 3).toISOString());
  });

  it('passes the chosen values and the cursor', () => {
    expect(
      auditQueryOf(
        {
          ...emptyAuditFilters,
          userId: '3',
          action: 'facility.update',
          entityType: 'facility',
          entityId: ' 7 ',
          scope: 'connection',
        },
        20,
        '123.4',
      ),
    ).toEqual({
      scope: 'connection',
      pageSize: '20',
      userId: '3',
      action: 'facility.update',
      entityType: 'facility',
      entityId: '7',
      cursor: '123.4',
    });
  });

  it('ignores a date that is not a day', () => {
    expect(auditQueryOf({ ...emptyAuditFilters, fromDate: 'soon' }, 50).from).toBeUndefined();
  });
});
