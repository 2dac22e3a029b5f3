import { useState, type ChangeEvent, type FormEvent, type KeyboardEvent } from 'react';
import { Button, PasswordInput, Switch, Textarea, TextInput } from '@mantine/core';
import { settingsTableButtons, settingsTableLabels, type SettingEntry } from '@hasp/contracts';
import { useCaptions } from '../../../lib/i18n';
import { fieldErrorsOf } from '../../../lib/send-form';
import { useSaveSetting } from '../api/settings-table';
import { needsMultilineEditor, parseDraft } from '../setting-display';
import classes from '../AdminSettings.module.css';

interface SettingValueEditorProps {
  entry: SettingEntry;
  onDone: (saved: boolean) => void;
}

/** Edits one setting's value in its row; a refused value stays in the field with the reason. */
export function SettingValueEditor({ entry, onDone }: SettingValueEditorProps) {
  const t = useCaptions();
  const save = useSaveSetting();
  // A secret starts empty: its value never reaches the browser.
  const [draft, setDraft] = useState<string | boolean>(
    entry.type === 'boolean' ? entry.value === true : entry.secret ? '' : String(entry.value),
  );
  const [problem, setProblem] = useState<string | null>(null);
  const label = t(settingsTableLabels.valueOf, { key: entry.key });
  const hint = entry.secret
    ? t(settingsTableLabels.secretHint)
    : entry.type === 'integer' && entry.min !== undefined && entry.max !== undefined
      ? t(settingsTableLabels.limits, { min: entry.min, max: entry.max })
      : entry.type === 'text' && entry.maxLength !== undefined
        ? t(settingsTableLabels.maxLength, { max: entry.maxLength })
        : undefined;

  const textProps = {
    label,
    description: hint,
    'data-autofocus': true,
    autoFocus: true,
    value: String(draft),
    error: problem,
    onChange: (event: ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) => {
      setDraft(event.currentTarget.value);
      setProblem(null);
    },
    onKeyDown: (event: KeyboardEvent) => {
      if (event.key === 'Escape') onDone(false);
    },
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setProblem(null);
    save.mutate(
      { key: entry.key, value: parseDraft(entry, draft) },
      {
        onSuccess: () => onDone(true),
        onError: (error) => setProblem(Object.values(fieldErrorsOf(error))[0] ?? null),
      },
    );
  };

  return (
    <form className={classes.editor} noValidate onSubmit={submit}>
      {entry.type === 'boolean' ? (
        <Switch
          label={label}
          checked={draft === true}
          error={problem}
          onChange={(event) => setDraft(event.currentTarget.checked)}
        />
      ) : entry.secret ? (
        <PasswordInput {...textProps} autoComplete="new-password" />
      ) : needsMultilineEditor(entry) ? (
        <Textarea {...textProps} autosize minRows={3} maxRows={12} />
      ) : (
        <TextInput {...textProps} inputMode={entry.type === 'integer' ? 'numeric' : undefined} />
      )}
      <div className={classes.editorActions}>
        <Button
          type="submit"
          size="xs"
          loading={save.isPending}
          aria-label={t(settingsTableButtons['save::row'], { key: entry.key })}
        >
          {t(settingsTableButtons.save)}
        </Button>
        <Button
          size="xs"
          variant="default"
          onClick={() => onDone(false)}
          aria-label={t(settingsTableButtons['cancel::row'], { key: entry.key })}
        >
          {t(settingsTableButtons.cancel)}
        </Button>
      </div>
    </form>
  );
}
