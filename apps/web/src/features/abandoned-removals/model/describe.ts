import {
  abandonedRemovalLabels as L,
  contactMethodCaptions,
  type AbandonedRemoval,
  type AbandonedRemovalCandidate,
} from '@hasp/contracts';
import { formatDateTime } from '../../../lib/date-time';
import { translate, type Translate } from '../../../lib/i18n';

type Removed = Pick<AbandonedRemoval, 'lockSerial' | 'tagNumber'>;

/** What was (or will be) removed, in words: "Lock PL-7 and tag T-2026-00012". */
export function removedWhat({ lockSerial, tagNumber }: Removed, t: Translate = translate): string {
  if (lockSerial !== null && tagNumber !== null) return t(L.lockAndTag, { serial: lockSerial, number: tagNumber });
  return lockSerial !== null ? t(L.lock, { serial: lockSerial }) : t(L.tag, { number: tagNumber ?? '' });
}

/** Where it was: the point's code and location, or the crew lockbox. */
export function whereWas(
  item: Pick<AbandonedRemovalCandidate, 'point' | 'onLockbox'>,
  t: Translate = translate,
): string {
  if (item.point)
    return item.point.location
      ? t(L.pointAt, { code: item.point.code, location: item.point.location })
      : item.point.code;
  return item.onLockbox ? t(L.lockbox) : '—';
}

export const formatWhen = (iso: string) => formatDateTime(iso);

/** One attempt to reach the applier, as a line: "24 Nov 2026, 07:30 · Phone · No answer". */
export function attemptLine(a: AbandonedRemoval['attempts'][number], t: Translate = translate): string {
  return t(L.attempt, { at: formatWhen(a.at), method: t(contactMethodCaptions[a.method]), outcome: a.outcome });
}

/** A candidate's key in the wizard's choice list. */
export const candidateKey = (c: AbandonedRemovalCandidate) => `${c.lockApplicationId ?? 'none'}:${c.tagId ?? 'none'}`;
