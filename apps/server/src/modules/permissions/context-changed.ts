import { sql, type Transaction } from 'kysely';
import type { Database } from '../../db/schema';
import type { EventBus } from '../../platform';

/** The NOTIFY channel that tells open browsers of a facility to reload their session context. */
export const CONTEXT_CHANNEL = 'hasp_context';

/**
 * Announces that the facility's permissions or security settings changed. NOTIFY is delivered at
 * commit (never for a rolled-back change) to every server process, which tells its open streams.
 */
export async function notifyContextChanged(trx: Transaction<Database>, facilityId: number): Promise<void> {
  await sql`select pg_notify(${CONTEXT_CHANNEL}, ${JSON.stringify({ facilityId })})`.execute(trx);
}

/** Domain events after which open sessions reload their session context (sidebar, settings, permissions). */
export const contextChangingEvents = ['settings.changed', 'permit-types.changed', 'permissions.changed'] as const;

/**
 * Routes those events to the notification hub: the consumer NOTIFYs in its delivery transaction,
 * so every server process's hub hears it once the delivery commits.
 */
export function registerContextChangedConsumer(events: EventBus): void {
  events.registerConsumer('session-context', contextChangingEvents, async (trx, event) => {
    if (event.facilityId !== null) await notifyContextChanged(trx, event.facilityId);
  });
}
