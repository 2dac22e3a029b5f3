import type { Kysely } from 'kysely';
import type { Database } from '../../src/db/schema';
import { recordAudit } from '../../src/platform/audit/audit-entry';
import { storeSetting, type SettingChange } from '../../src/modules/settings/setting-values';

/**
 * Sets a catalogue setting as a test's setup: checked and stored by `storeSetting` and audited in
 * one transaction, as the `settings.update` command does, without a request to send it. The server
 * itself writes settings only through that command.
 */
export async function writeSetting(db: Kysely<Database>, change: SettingChange): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const audit = await storeSetting(trx, change, null);
    await recordAudit(trx, { userId: change.userId, facilityId: change.auditFacilityId, ...audit });
  });
}
