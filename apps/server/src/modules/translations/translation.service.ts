import type { Kysely } from 'kysely';
import type { TranslationRow } from '@hasp/contracts';
import type { Database } from '../../db/schema';
import { recordAudit } from '../audit';
import { findTranslationRowForUpdate, saveTranslation } from './caption.repository';

type Db = Kysely<Database>;

/**
 * Saves (or, with null, clears) one caption's preferred text in one language and audits it in the
 * same transaction. Captions belong to the whole connection, so the audit row is connection-wide.
 * Returns undefined for an unknown caption.
 */
export async function saveCaptionTranslation(
  db: Db,
  caller: { userId: number },
  change: { captionId: number; languageId: number; languageCode: string; preferredCaption: string | null },
): Promise<TranslationRow | undefined> {
  return db.transaction().execute(async (trx) => {
    // Locks the caption, so two saves of it take turns and each audit row has the right "before".
    const before = await findTranslationRowForUpdate(trx, change.captionId, change.languageId);
    if (!before) return undefined;
    const after = await saveTranslation(
      trx,
      change.captionId,
      change.languageId,
      change.preferredCaption,
      caller.userId,
    );
    if (!after || after.preferredCaption === before.preferredCaption) return after;
    const audited = (row: TranslationRow) => ({
      itemType: row.itemType,
      formName: row.formName,
      controlName: row.controlName,
      language: change.languageCode,
      preferredCaption: row.preferredCaption,
    });
    await recordAudit(trx, {
      userId: caller.userId,
      facilityId: null,
      action: 'translation.update',
      entityType: 'caption',
      entityId: change.captionId,
      field: `preferredCaption:${change.languageCode}`,
      before: audited(before),
      after: audited(after),
    });
    return after;
  });
}
