import {
  permitFieldCaptions,
  permitHistorySummaryCaptions,
  permitStatuses,
  say,
  type PermitHandover,
  type PermitHistoryEntry,
  type PermitStatus,
  type Said,
} from '@hasp/contracts';
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

/** The core fields an edit can change (the history names them by their captions). */
const editFields = [
  'title',
  'description',
  'workMethod',
  'area',
  'assets',
  'plannedStart',
  'plannedEnd',
  'holder',
  'riskLevel',
] as const satisfies readonly (keyof typeof permitFieldCaptions)[];

const statusOf = (value: Stored | null): PermitStatus | null =>
  value && (permitStatuses as readonly string[]).includes(value.status ?? '') ? (value.status as PermitStatus) : null;

type Summary = { summary: string; said: Said | null };
const words = permitHistorySummaryCaptions;
const plain = (summary: string): Summary => ({ summary, said: null });
const said = (spoken: { message: string; said: Said }): Summary => ({ summary: spoken.message, said: spoken.said });

/**
 * What changed, in words (English, and as a caption with its values so each reader reads it in
 * their language): the edited fields, the reason, the new holder, the new planned end. Built from
 * the audit row's before and after whenever the history is read, so rows written before these
 * captions existed read in the reader's language too. A reason is the person's own words.
 */
function summaryOf(row: AuditRow, before: Stored | null, after: Stored | null): Summary {
  switch (row.action) {
    case 'permit.create':
      return after?.number ? said(say(words.created, { number: after.number })) : plain('');
    case 'permit.edit': {
      const changed = editFields
        .filter((key) => JSON.stringify(before?.[key]) !== JSON.stringify(after?.[key]))
        .map((key) => permitFieldCaptions[key]);
      return changed.length ? said(say(words.edited, {}, {}, { fields: changed })) : plain('');
    }
    case 'permit.suspend':
    case 'permit.cancel':
    case 'permit.reject':
      return plain(row.reason ?? '');
    case 'permit.hand-over': {
      const holder = after?.holder?.displayName ?? '';
      const notes = after?.pendingHandover;
      if (!notes) return holder ? said(say(words.newHolder, { holder })) : plain('');
      // The (f)(4) notes as written at the hand-over (the audit row keeps the permit with them).
      const locks = notes.locksStaying.map((lock) => lock.serial).join(', ');
      const values = { holder, abnormal: notes.abnormalConditions, remaining: notes.workRemaining };
      return said(
        locks
          ? say(words.handedOverWithNotes, { ...values, locks })
          : say(words.handedOverWithNotes, values, { locks: words.noLocks }),
      );
    }
    case 'permit.accept':
      return before?.pendingHandover
        ? said(say(words.acknowledged, { name: before.pendingHandover.by.displayName }))
        : plain('');
    case 'permit.extend':
      return plain(after?.plannedEnd ? `Planned end: ${after.plannedEnd}` : '');
    // Recorded on both permits of the conflict (modules/simops): each names the other.
    case 'simops.override':
      return said(say(words.simopsOverride, { other: after?.otherNumber ?? '', reason: row.reason ?? '' }));
    default:
      return plain('');
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
        ...summaryOf(row, before, after),
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
