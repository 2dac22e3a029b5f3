import { administratorUnits } from '@hasp/contracts';
import type { Translate } from '../../lib/i18n';

const units = [
  { size: 1024 ** 3, caption: administratorUnits.gigabytes },
  { size: 1024 ** 2, caption: administratorUnits.megabytes },
  { size: 1024, caption: administratorUnits.kilobytes },
] as const;

/** A byte count in the largest unit that keeps it at 1 or more, to one decimal: "12.5 MB". */
export function formatBytes(t: Translate, bytes: number, language: string): string {
  const unit = units.find((u) => bytes >= u.size);
  if (!unit) return t(administratorUnits.bytes, { value: String(bytes) });
  const value = new Intl.NumberFormat(language, { maximumFractionDigits: 1 }).format(bytes / unit.size);
  return t(unit.caption, { value });
}

/** A duration in seconds as days, hours and minutes (minutes and seconds under an hour). */
export function formatUptime(t: Translate, seconds: number): string {
  const s = Math.max(0, Math.floor(seconds));
  const days = Math.floor(s / 86_400);
  const hours = Math.floor((s % 86_400) / 3_600);
  const minutes = Math.floor((s % 3_600) / 60);
  if (days > 0) return t(administratorUnits.uptimeDays, { days, hours, minutes });
  if (hours > 0) return t(administratorUnits.uptimeHours, { hours, minutes });
  return t(administratorUnits.uptimeMinutes, { minutes, seconds: s % 60 });
}

/** A moment as the user reads it, in their language and time zone, to the second. */
export function formatMoment(iso: string, language: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  try {
    return new Intl.DateTimeFormat(language, { dateStyle: 'medium', timeStyle: 'medium' }).format(date);
  } catch {
    return date.toLocaleString();
  }
}
