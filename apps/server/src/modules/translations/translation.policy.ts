import { rightNavPermission } from '@hasp/contracts';
import { type CommandTarget, policyTable } from '../../platform';

/** A caption as a translation's target: its id; captions have no version (0). */
export interface CaptionState {
  id: number;
  version: number;
}

/**
 * A caption, locked so two saves of it take turns and each audit row has the right "before".
 * Captions belong to the whole connection, not to a facility: any caption is found. They have no
 * version: a translation is a last-save-wins cell of the table, as it always was.
 */
export const captionTarget: CommandTarget<CaptionState> = {
  noun: 'Caption',
  async lock(trx, _actor, id) {
    const row = await trx.selectFrom('captions').select('id').where('id', '=', id).forUpdate().executeTakeFirst();
    return row && { id: row.id, version: 0 };
  },
  bump: async () => 0,
};

/** Who may change the captions' texts: the Translations permission. */
export const translationPolicy = policyTable<CaptionState>()({
  'translation.save': { permissions: [rightNavPermission('translations')] },
});
