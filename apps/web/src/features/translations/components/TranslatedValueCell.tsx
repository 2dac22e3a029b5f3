import { useEffect, useRef } from 'react';
import { ActionIcon, TextInput, UnstyledButton, VisuallyHidden } from '@mantine/core';
import { translationsButtons, translationsLabels, type TranslationRow } from '@hasp/contracts';
import { Icon } from '../../../components/Icon';
import { useCaptions } from '../../../lib/i18n';
import classes from '../Translations.module.css';

interface TranslatedValueCellProps {
  row: TranslationRow;
  /** How the row is named to assistive tech, e.g. "Login.username (Label)". */
  path: string;
  editing: boolean;
  draft: string;
  saving: boolean;
  failed: boolean;
  onEdit: () => void;
  onDraftChange: (draft: string) => void;
  onSave: () => void;
  onCancel: () => void;
}

/**
 * The Translated Value cell: the value (or the default, muted, when none is saved) as a button that
 * opens an input in place; Enter saves, Escape cancels.
 */
export function TranslatedValueCell(props: TranslatedValueCellProps) {
  const { row, path, editing, draft, saving, failed, onEdit, onDraftChange, onSave, onCancel } = props;
  const t = useCaptions();
  const buttonRef = useRef<HTMLButtonElement>(null);
  const wasEditing = useRef(editing);

  // Closing the input removes the focused element: give focus back to the cell, not the page.
  useEffect(() => {
    const active = document.activeElement;
    if (wasEditing.current && !editing && (active === null || active === document.body)) buttonRef.current?.focus();
    wasEditing.current = editing;
  }, [editing]);

  if (editing) {
    return (
      <div className={classes.editor}>
        <TextInput
          className={classes.editorInput}
          size="xs"
          autoFocus
          aria-label={t(translationsLabels.valueInput, { path })}
          placeholder={t(translationsLabels['valueInput::placeholder'])}
          value={draft}
          readOnly={saving}
          error={failed}
          onChange={(event) => onDraftChange(event.currentTarget.value)}
          onKeyDown={(event) => {
            if (event.key === 'Enter') {
              event.preventDefault();
              onSave();
            } else if (event.key === 'Escape') {
              event.preventDefault();
              event.stopPropagation();
              onCancel();
            }
          }}
        />
        <ActionIcon size="md" loading={saving} aria-label={t(translationsButtons.save)} onClick={onSave}>
          <Icon name="check" size={16} />
        </ActionIcon>
        <ActionIcon
          size="md"
          variant="default"
          disabled={saving}
          aria-label={t(translationsButtons.cancel)}
          onClick={onCancel}
        >
          <Icon name="x" size={16} />
        </ActionIcon>
      </div>
    );
  }

  const usesDefault = row.preferredCaption === null;
  const shown = row.preferredCaption ?? row.defaultCaption;
  return (
    <UnstyledButton
      ref={buttonRef}
      className={classes.valueButton}
      data-uses-default={usesDefault || undefined}
      title={shown}
      onClick={onEdit}
    >
      <VisuallyHidden>{t(translationsLabels.editValue, { path })}: </VisuallyHidden>
      <span className={classes.valueText}>{shown}</span>
      {usesDefault && <span className={classes.defaultTag}>{t(translationsLabels.usesDefault)}</span>}
      <Icon name="pencil" size={14} className={classes.editIcon} />
    </UnstyledButton>
  );
}
