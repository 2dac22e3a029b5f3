import type { Transaction } from 'kysely';
import type { Database } from '../../db/schema';

/** Something that happened to a record, told to consumers after its transaction commits. */
export interface DomainEventInput {
  /** What happened, as `<domain>.<past tense>`: `settings.changed`, `permit-types.changed`. */
  name: string;
  facilityId: number | null;
  entityType: string;
  entityId: string | number | null;
  payload?: Record<string, unknown>;
  requestId?: string | null;
}

/** A stored event as consumers receive it. */
export interface DomainEvent {
  id: number;
  name: string;
  facilityId: number | null;
  entityType: string;
  entityId: string | null;
  payload: Record<string, unknown>;
  requestId: string | null;
  createdAt: Date;
}

/**
 * Writes an event into the outbox in the caller's transaction: it exists exactly when the change
 * does (a rollback leaves no event). Returns its id, to deliver it at once after commit.
 * @example const id = await recordEvent(trx, { name: 'settings.changed', facilityId, entityType: 'facility', entityId: facilityId });
 */
export async function recordEvent(trx: Transaction<Database>, event: DomainEventInput): Promise<number> {
  const row = await trx.insertInto('domain_events').values(eventRow(event)).returning('id').executeTakeFirstOrThrow();
  return Number(row.id);
}

/** An event as its outbox row. */
export function eventRow(event: DomainEventInput) {
  return {
    name: event.name,
    facility_id: event.facilityId,
    entity_type: event.entityType,
    entity_id: event.entityId === null ? null : String(event.entityId),
    payload: JSON.stringify(event.payload ?? {}),
    request_id: event.requestId ?? null,
  };
}
