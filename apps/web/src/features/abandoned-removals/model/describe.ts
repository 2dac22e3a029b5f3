import { contactMethodLabels, type AbandonedRemoval, type AbandonedRemovalCandidate } from '@hasp/contracts';

type Removed = Pick<AbandonedRemoval, 'lockSerial' | 'tagNumber'>;

/** What was (or will be) removed, in words: "Lock PL-7 and tag T-2026-00012". */
export function removedWhat({ lockSerial, tagNumber }: Removed): string {
  if (lockSerial !== null && tagNumber !== null) return `Lock ${lockSerial} and tag ${tagNumber}`;
  return lockSerial !== null ? `Lock ${lockSerial}` : `Tag ${tagNumber ?? ''}`;
}

/** Where it was: the point's code and location, or the crew lockbox. */
export function whereWas(item: Pick<AbandonedRemovalCandidate, 'point' | 'onLockbox'>): string {
  if (item.point) return item.point.location ? `${item.point.code} — ${item.point.location}` : item.point.code;
  return item.onLockbox ? 'Group lockbox' : '—';
}

const when = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' });
export const formatWhen = (iso: string) => when.format(new Date(iso));

/** One attempt to reach the applier, as a line: "24 Nov 2026, 07:30 · Phone · No answer". */
export function attemptLine(a: AbandonedRemoval['attempts'][number]): string {
  return `${formatWhen(a.at)} · ${contactMethodLabels[a.method]} · ${a.outcome}`;
}

/** A candidate's key in the wizard's choice list. */
export const candidateKey = (c: AbandonedRemovalCandidate) => `${c.lockApplicationId ?? 'none'}:${c.tagId ?? 'none'}`;
