import { permitsLabels, type PermitStatus } from '@hasp/contracts';
import { translate, type Translate } from '../../../lib/i18n';

/**
 * The validity line of the permit header: how long until the planned end ("Expires in 3 h 20 min"),
 * or since when it has passed. Minutes are floored while counting down, so the line never promises
 * more time than is left; under a minute says so.
 */
export function formatDuration(ms: number, t: Translate = translate): string {
  const minutes = Math.floor(ms / 60_000);
  if (minutes < 1) return t(permitsLabels.lessThanMinute);
  const days = Math.floor(minutes / 1440);
  const hours = Math.floor((minutes % 1440) / 60);
  const mins = minutes % 60;
  if (days > 0) return t(hours > 0 ? permitsLabels.daysHours : permitsLabels.days, { days, hours });
  if (hours > 0) return t(mins > 0 ? permitsLabels.hoursMinutes : permitsLabels.hours, { hours, minutes: mins });
  return t(permitsLabels.minutes, { minutes: mins });
}

export type ValidityTone = 'upcoming' | 'running' | 'ending' | 'ended';

/** Within this much of the end the line turns to a warning (the expiry notification goes out then too). */
export const ENDING_SOON_MS = 60 * 60_000;

export interface ValidityLine {
  text: string;
  tone: ValidityTone;
}

const workBegunStatuses: readonly PermitStatus[] = [
  'active',
  'suspended',
  'live_for_test',
  'work_complete',
  'de_isolation',
];

/**
 * What the header says about the planned window at `now`. An issued permit before its start is
 * awaiting it: the holder cannot accept it (nor start work) until then, and the line says when.
 */
export function validityLine(
  plannedStart: string,
  plannedEnd: string,
  now: number,
  t: Translate = translate,
  status?: PermitStatus,
): ValidityLine {
  const start = Date.parse(plannedStart);
  const end = Date.parse(plannedEnd);
  const duration = (ms: number) => ({ duration: formatDuration(ms, t) });
  // Once accepted the work has begun, whatever the planned start said: such a permit never "starts in".
  if (now < start && !(status && workBegunStatuses.includes(status)))
    return {
      text: t(status === 'issued' ? permitsLabels.awaitingStart : permitsLabels.startsIn, duration(start - now)),
      tone: 'upcoming',
    };
  if (now >= end) return { text: t(permitsLabels.endedAgo, duration(now - end)), tone: 'ended' };
  return {
    text: t(permitsLabels.expiresIn, duration(end - now)),
    tone: end - now <= ENDING_SOON_MS ? 'ending' : 'running',
  };
}

/** How long to wait before the line can change again: to the next whole minute of the countdown. */
export function msUntilNextChange(plannedStart: string, plannedEnd: string, now: number): number {
  const target = now < Date.parse(plannedStart) ? Date.parse(plannedStart) : Date.parse(plannedEnd);
  const remainder = Math.abs(target - now) % 60_000;
  return Math.max(1_000, target > now ? remainder || 60_000 : 60_000 - remainder);
}
