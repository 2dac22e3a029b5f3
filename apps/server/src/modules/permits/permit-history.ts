import { permitStatuses, type PermitHandover, type PermitHistoryEntry, type PermitStatus } from '@hasp/contracts';
import { historyStepsOf, stepWords } from './permit-history-steps';
import { listPermitAudit, type PermitAuditRow as AuditRow } from './permit-history.repository';
type Stored = Record<string, unknown> & {
  status?: string;
  holder?: { displayName: string } | null;
  plannedEnd?: string;
  number?: string;
  /** A SIMOPS override's other permit (modules/simops). */
  otherNumber?: string;
  /** The hand-over waiting for the incoming holder's acknowledgment (absent in rows older than handover notes). */
  pendingHandover?: PermitHandover | null;
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
    case 'permit.reject':
      return row.reason ?? '';
    case 'permit.hand-over': {
      const holder = after?.holder ? `New holder: ${after.holder.displayName}` : '';
      const notes = after?.pendingHandover;
      if (!notes) return holder;
      // The (f)(4) notes as written at the hand-over (the audit row keeps the permit with them).
      const locks = notes.locksStaying.map((lock) => lock.serial).join(', ') || 'none';
      return `${holder}. Abnormal conditions: ${notes.abnormalConditions}. Work remaining: ${notes.workRemaining}. Locks staying on: ${locks}`;
    }
    case 'permit.accept':
      return before?.pendingHandover ? `Handover notes from ${before.pendingHandover.by.displayName} acknowledged` : '';
    case 'permit.extend':
      return after?.plannedEnd ? `Planned end: ${after.plannedEnd}` : '';
    // Recorded on both permits of the conflict (modules/simops): each names the other.
    case 'simops.override':
      return `SIMOPS conflict with ${after?.otherNumber ?? ''} overridden: ${row.reason ?? ''}`;
    default:
      return '';
  }
}

/**
 * A permit's audit rows as its history tab shows them: the permit's own, then each isolation step
 * (plan, lock, tag, crew) with its words; rows of its steps that are no isolation step are left out.
 */
export function permitHistory(rows: AuditRow[]): PermitHistoryEntry[] {
  return rows.flatMap((row): PermitHistoryEntry[] => {
    const at = row.occurred_at.toISOString();
    const actor = row.user_id === null ? null : { ID: row.user_id, displayName: row.display_name ?? '' };
    if (row.entity_type !== 'permit')
      return historyStepsOf(row).map((step) => ({
        at,
        action: row.action,
        actor,
        fromStatus: null,
        toStatus: null,
        summary: stepWords(step),
        plannedEnd: null,
        step,
      }));
    const before = row.before as Stored | null;
    const after = row.after as Stored | null;
    return [
      {
        at,
        action: row.action,
        actor,
        fromStatus: statusOf(before),
        toStatus: statusOf(after),
        summary: summaryOf(row, before, after),
        plannedEnd: row.action === 'permit.extend' ? (after?.plannedEnd ?? null) : null,
        step: null,
      },
    ];
  });
}

/** The history of a permit of the facility (the caller has checked the reader may view it). */
export async function readPermitHistory(
  db: Parameters<typeof listPermitAudit>[0],
  facilityId: number,
  permitId: number,
): Promise<PermitHistoryEntry[]> {
  return permitHistory(await listPermitAudit(db, facilityId, permitId));
}
