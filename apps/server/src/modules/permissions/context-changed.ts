import { sql, type Transaction } from 'kysely';
import type { Database } from '../../db/schema';

/** The NOTIFY channel that tells open browsers of a facility to reload their session context. */
export const CONTEXT_CHANNEL = 'hasp_context';

/**
 * Announces that the facility's permissions or security settings changed. NOTIFY is delivered at
 * commit (never for a rolled-back change) to every server process, which tells its open streams.
 */
export async function notifyContextChanged(trx: Transaction<Database>, facilityId: number): Promise<void> {
  await sql`select pg_notify(${CONTEXT_CHANNEL}, ${JSON.stringify({ facilityId })})`.execute(trx);
}
