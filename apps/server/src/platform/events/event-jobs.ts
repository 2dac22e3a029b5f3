import type { Connection } from '../../db/connections';
import { jobIdFromText, type Jobs, type SendOptions } from '../jobs';
import type { DomainEvent } from './record-event';
import type { EventBus } from './event-bus';

/** Finds the job queue of a connection (null while the app runs without jobs). */
export type JobsOf = (connection: Connection) => Jobs | null;

/**
 * Hands committed events to the job queue: a consumer named `consumer` sends job `jobName` for
 * each of `events`, with the event as data. The job's ID is the consumer and the event, so a
 * redelivered event (the bus delivers at least once) finds its job already sent and adds none:
 * one job per event, which the queue then runs once with retries.
 * Without a queue (tests, tools) the consumer fails and the sweep tries again later.
 * @example sendJobOnEvents(bus, (c) => jobs.for(c), 'permit-expiry', ['permit.issued'], 'schedule-permit-expiry');
 */
export function sendJobOnEvents(
  bus: EventBus,
  jobsOf: JobsOf,
  consumer: string,
  events: readonly string[],
  jobName: string,
  options: Omit<SendOptions, 'id'> = {},
): void {
  bus.registerConsumer(consumer, events, async (_trx, event, connection) => {
    const jobs = jobsOf(connection);
    if (!jobs) throw new Error(`no job queue for connection ${connection.name}`);
    await jobs.send(jobName, eventJobData(event), { ...options, id: eventJobId(consumer, event.id) });
  });
}

/** The job data of an event (JSON: dates as ISO text). */
export function eventJobData(event: DomainEvent): Record<string, unknown> {
  return { ...event, createdAt: event.createdAt.toISOString() };
}

/** The job ID of an event's job: one per consumer and event. */
export function eventJobId(consumer: string, eventId: number): string {
  return jobIdFromText(`hasp-event\u0000${consumer}\u0000${eventId}`);
}
