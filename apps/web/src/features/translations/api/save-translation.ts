import { useMutation, useQueryClient } from '@tanstack/react-query';
import { translationRowSchema, type TranslationRow } from '@hasp/contracts';
import { apiRequest } from '../../../lib/http';
import { currentLanguage, reloadCaptions } from '../../../lib/i18n';
import { translationKeys } from './keys';

export interface SaveTranslation {
  connection: string;
  captionId: number;
  language: { ID: number; code: string };
  /** Null or empty: the caption goes back to its default. */
  preferredCaption: string | null;
}

/** Saves (or clears) one preferred caption. */
export function saveTranslation({ captionId, language, preferredCaption }: SaveTranslation): Promise<TranslationRow> {
  const value = preferredCaption === null || preferredCaption.trim() === '' ? null : preferredCaption;
  return apiRequest(`translations/${captionId}/languages/${language.ID}`, {
    method: 'PUT',
    body: { preferredCaption: value },
    schema: translationRowSchema,
  });
}

/** The saved row replaces the old one in place; captions of the language on screen change at once. */
export function useSaveTranslation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveTranslation,
    onSuccess: async (saved, { connection, language }) => {
      queryClient.setQueryData<TranslationRow[]>(translationKeys.rows(connection, language.ID), (rows) =>
        rows?.map((row) => (row.captionID === saved.captionID ? saved : row)),
      );
      if (language.code === currentLanguage()) {
        // The table already shows the saved value; a failed reload only delays the rest of the app.
        await reloadCaptions().catch((error: unknown) => console.warn('Could not reload captions', error));
      }
    },
  });
}
