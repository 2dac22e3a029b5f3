import { useState } from 'react';
import type { Language, TranslationRow } from '@hasp/contracts';
import { useSaveTranslation } from '../api/save-translation';

/** The last save, kept so it can be undone (and said on screen). */
export interface SaveStatus {
  kind: 'saved' | 'undone';
  captionId: number;
  path: string;
  language: Language;
  /** The preferred caption before the save (null: the default was used). */
  previous: string | null;
}

const errorText = (error: unknown) => (error instanceof Error ? error.message : String(error));

/**
 * The table's one open editor (kept here, not in the row, so scrolling a row out of the window
 * keeps its draft), its save, and the undo of the last save.
 */
export function useTranslationEditing(connection: string, language: Language | undefined) {
  const save = useSaveTranslation();
  const [edit, setEdit] = useState<{ captionId: number; draft: string } | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [status, setStatus] = useState<SaveStatus | null>(null);

  const start = (row: TranslationRow) => {
    setEdit({ captionId: row.captionID, draft: row.preferredCaption ?? '' });
    setError(null);
  };

  const cancel = () => {
    setEdit(null);
    setError(null);
  };

  const change = (draft: string) => setEdit((current) => (current ? { ...current, draft } : current));

  const commit = (row: TranslationRow, path: string) => {
    if (!edit || !language || save.isPending) return;
    const draft = edit.draft;
    if (draft.trim() === (row.preferredCaption ?? '').trim()) {
      cancel();
      return;
    }
    save.mutate(
      { connection, captionId: row.captionID, language, preferredCaption: draft },
      {
        onSuccess: () => {
          setEdit(null);
          setError(null);
          setStatus({ kind: 'saved', captionId: row.captionID, path, language, previous: row.preferredCaption });
        },
        // The typed text stays in the input, to correct or try again.
        onError: (e) => setError(errorText(e)),
      },
    );
  };

  const undo = () => {
    if (!status || status.kind !== 'saved' || save.isPending) return;
    save.mutate(
      {
        connection,
        captionId: status.captionId,
        language: status.language,
        preferredCaption: status.previous,
      },
      {
        onSuccess: () => {
          setError(null);
          setStatus({ ...status, kind: 'undone' });
        },
        onError: (e) => setError(errorText(e)),
      },
    );
  };

  /** Another language: the open editor and the last save belong to the one before. */
  const reset = () => {
    cancel();
    setStatus(null);
  };

  return { edit, error, status, saving: save.isPending, start, cancel, change, commit, undo, reset };
}
