import cronParser from 'cron-parser';
import type { ReportSchedule } from '@hasp/contracts';

/**
 * The next time a schedule runs after `after`: its time of day in the facility's time zone (so a
 * 06:00 report stays at 06:00 across daylight-saving changes), every day or on its weekday.
 */
export function nextRunAt(schedule: ReportSchedule, timeZone: string, after: Date): Date {
  const [hour, minute] = schedule.time.split(':').map(Number);
  const day = schedule.every === 'weekly' ? String(schedule.weekday ?? 1) : '*';
  return cronParser
    .parseExpression(`${minute} ${hour} * * ${day}`, { currentDate: after, tz: timeZone })
    .next()
    .toDate();
}
