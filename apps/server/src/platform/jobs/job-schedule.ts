import { createHash } from 'node:crypto';
import cronParser from 'cron-parser';

/** setTimeout cannot wait longer than this (about 24.8 days); longer waits are re-armed. */
const MAX_TIMER_MS = 2 ** 31 - 1;

/** Throws when `cron` is not a cron expression (5 fields, or 6 with seconds first). */
export function assertCron(cron: string): void {
  cronParser.parseExpression(cron, { tz: 'UTC' });
}

/** The first tick of `cron` strictly after `after` (UTC). */
export function nextTick(cron: string, after: Date): Date {
  return cronParser.parseExpression(cron, { currentDate: after, tz: 'UTC' }).next().toDate();
}

/**
 * The job ID of one tick of one schedule: the same in every server process, so the queue's
 * primary key keeps exactly one job per tick however many processes send it. Shaped as an RFC 9562
 * version-8 (custom) UUID, so any UUID parser accepts it.
 */
export function tickJobId(name: string, tick: Date): string {
  return jobIdFromText(`${name}\u0000${tick.toISOString()}`);
}

/** A job ID (pg-boss wants a UUID) derived from text: the same text gives the same ID, so a second send adds nothing. */
export function jobIdFromText(text: string): string {
  const hex = createHash('sha256').update(text).digest('hex');
  const variant = ((parseInt(hex[16]!, 16) & 0x3) | 0x8).toString(16);
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-8${hex.slice(13, 16)}-${variant}${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}

export type SendTick = (name: string, data: object, tick: Date) => Promise<unknown>;

/**
 * Fires each schedule at its cron ticks in this process. Every process runs the same schedules and
 * sends the same tick under the same job ID (tickJobId), so the database keeps one: once per tick
 * across processes, with no leader to elect. A tick missed while the process was down or blocked is
 * skipped, not caught up.
 */
export class JobScheduler {
  private readonly timers = new Map<string, NodeJS.Timeout>();
  private stopped = false;

  constructor(
    private readonly send: SendTick,
    private readonly onError: (message: string, error: unknown) => void,
  ) {}

  add(name: string, cron: string, data: object): void {
    assertCron(cron);
    if (this.timers.has(name)) throw new Error(`Job ${name} is already scheduled`);
    // Timers run on the machine's clock; a moved test clock would never fire them.
    // eslint-disable-next-line no-restricted-syntax
    this.arm(name, cron, data, new Date());
  }

  stop(): void {
    this.stopped = true;
    for (const timer of this.timers.values()) clearTimeout(timer);
    this.timers.clear();
  }

  private arm(name: string, cron: string, data: object, after: Date): void {
    if (this.stopped) return;
    const tick = nextTick(cron, after);
    const wait = tick.getTime() - Date.now();
    const timer =
      wait > MAX_TIMER_MS
        ? setTimeout(() => this.arm(name, cron, data, after), MAX_TIMER_MS)
        : setTimeout(
            () =>
              void this.send(name, data, tick)
                .catch((error: unknown) => this.onError(`scheduled job ${name} could not be sent`, error))
                .finally(() => this.arm(name, cron, data, new Date(Math.max(tick.getTime(), Date.now())))),
            Math.max(0, wait),
          );
    // A schedule alone never keeps the process alive (shutdown stops it anyway).
    timer.unref();
    this.timers.set(name, timer);
  }
}
