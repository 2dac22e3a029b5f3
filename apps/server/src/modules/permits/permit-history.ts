import { permitStatuses, type PermitHistoryEntry, type PermitStatus } from '@hasp/contracts';
import type { listPermitAudit } from './permit.repository';

type AuditRow = Awaited<ReturnType<typeof listPermitAudit>>[number];
type Stored = Record<string, unknown> & {
  status?: string;
  holder?: { displayName: string } | null;
  plannedEnd?: string;
  number?: string;
};

/** The core fields an edit can change, with the label the history names them by. */
const editLabels: [string, string][] = [
  ['title', 'Title'],
  ['description', 'Description'],
  ['workMethod', 'Work method'],
  ['area', 'Area'],
  ['assets', 'Assets'],
  ['plannedStart', 'Planned start'],
  ['plannedEnd', 'Planned end'],
  ['holder', 'Holder'],
  ['riskLevel', 'Risk'],
];

const statusOf = (value: Stored | null): PermitStatus | null =>
  value && (permitStatuses as readonly string[]).includes(value.status ?? '') ? (value.status as PermitStatus) : null;

/** What changed, in words: the edited fields, the reason, the new holder, the new planned end. */
function summaryOf(row: AuditRow, before: Stored | null, after: Stored | null): string {
  switch (row.action) {
    case 'permit.create':
      return `Created ${after?.number ?? ''}`.trim();
    case 'permit.edit': {
      const changed = editLabels
        .filter(([key]) => JSON.stringify(before?.[key]) !== JSON.stringify(after?.[key]))
        .map(([, label]) => label);
      return changed.join(', ');
    }
    case 'permit.suspend':
    case 'permit.cancel':
      return row.reason ?? '';
    case 'permit.hand-over':
      return after?.holder ? `New holder: ${after.holder.displayName}` : '';
    case 'permit.extend':
      return after?.plannedEnd ? `Planned end: ${after.plannedEnd}` : '';
    default:
      return '';
  }
}

/** A permit's audit rows as its history tab shows them. */
export function permitHistory(rows: AuditRow[]): PermitHistoryEntry[] {
  return rows.map((row) => {
    const before = row.before as Stored | null;
    const after = row.after as Stored | null;
    return {
      at: row.occurred_at.toISOString(),
      action: row.action,
      actor: row.user_id === null ? null : { ID: row.user_id, displayName: row.display_name ?? '' },
      fromStatus: statusOf(before),
      toStatus: statusOf(after),
      summary: summaryOf(row, before, after),
      plannedEnd: row.action === 'permit.extend' ? (after?.plannedEnd ?? null) : null,
    };
  });
}
