import type { TranslationRow } from '@hasp/contracts';
import { AppError } from '../../plugins/app-error';
import { defineCommand, type CommandRun } from '../../platform';
import { findLanguageById, findTranslationRowForUpdate, saveTranslation } from './caption.repository';
import { captionTarget, translationPolicy, type CaptionState } from './translation.policy';

/** One caption's preferred text in one language; null (or empty) clears it. */
export interface TranslationChange {
  languageId: number;
  preferredCaption: string | null;
}

/**
 * Saves (or, with null, clears) one caption's preferred text in one language. Captions belong to
 * the whole connection, so the audit row and the event are connection-wide (no facility). Saving
 * the text it already has records nothing.
 */
export const saveCaptionTranslation = defineCommand({
  name: 'translation.save',
  target: captionTarget,
  policy: translationPolicy['translation.save'],
  async apply({
    trx,
    ctx,
    input,
    state,
    ...run
  }: CommandRun<TranslationChange, CaptionState>): Promise<TranslationRow> {
    const language = await findLanguageById(trx, input.languageId);
    if (!language) throw AppError.notFound('Language');
    const before = (await findTranslationRowForUpdate(trx, state.id, language.id))!;
    const after = (await saveTranslation(trx, state.id, language.id, input.preferredCaption, ctx.actor.userId))!;
    if (after.preferredCaption === before.preferredCaption) {
      run.unchanged();
      return after;
    }
    const audited = (row: TranslationRow) => ({
      itemType: row.itemType,
      formName: row.formName,
      controlName: row.controlName,
      language: language.code,
      preferredCaption: row.preferredCaption,
    });
    run.audit({
      facilityId: null,
      action: 'translation.update',
      entityType: 'caption',
      entityId: state.id,
      field: `preferredCaption:${language.code}`,
      before: audited(before),
      after: audited(after),
    });
    run.event({
      facilityId: null,
      name: 'translation.changed',
      entityType: 'caption',
      entityId: state.id,
      payload: { language: language.code },
    });
    return after;
  },
});
