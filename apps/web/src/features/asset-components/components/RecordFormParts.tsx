import type { FormEvent, ReactNode } from 'react';
import { Checkbox, Stack, TextInput, Textarea } from '@mantine/core';
import { componentManageLabels } from '@hasp/contracts';
import { useCaptions } from '../../../lib/i18n';
import type { RecordForm } from '../use-record-form';
import { FormAlerts } from './FormAlerts';
import { FormButtons } from './FormButtons';
import { MasterListSelect } from './MasterListSelect';
import type { PickerOption } from '../form-values';

interface RecordFormFrameProps<V extends { isActive: boolean }, F extends string> {
  form: RecordForm<V, F>;
  /** Editing an existing record: it may be retired (the Active checkbox). */
  editing: boolean;
  /** The save under way (its button spins while it is pending). */
  save: { isPending: boolean };
  onSubmit: () => void;
  /** Cancel, and a save that succeeded: the drawer closes. */
  onDone: () => void;
  onReload: () => void;
  children: ReactNode;
}

/**
 * The frame every Component Manage form shares: why a save failed on top, the record's own fields,
 * Active (when editing), then Cancel and Save.
 */
export function RecordFormFrame<V extends { isActive: boolean }, F extends string>({
  form,
  editing,
  save,
  onSubmit,
  onDone,
  onReload,
  children,
}: RecordFormFrameProps<V, F>) {
  const t = useCaptions();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onSubmit();
  };
  return (
    <form noValidate onSubmit={submit}>
      <Stack gap="md">
        <FormAlerts failure={form.failure} hasFieldErrors={form.hasFieldErrors} onReload={onReload} />
        {children}
        {editing && (
          <Checkbox
            label={t(componentManageLabels.active)}
            description={t(componentManageLabels['active::description'])}
            checked={form.values.isActive}
            onChange={(event) => form.set('isActive', event.currentTarget.checked)}
          />
        )}
        <FormButtons saving={save.isPending} onCancel={onDone} />
      </Stack>
    </form>
  );
}

interface RecordTextFieldProps<V extends Record<K, string>, F extends string, K extends F & keyof V> {
  form: RecordForm<V, F>;
  field: K;
  label: string;
  description?: string;
  required?: boolean;
  /** A text area that grows with its text (descriptions, measures, methods). */
  multiline?: boolean;
  inputMode?: 'decimal';
}

/** A text field of a Component Manage form: its id, value, message and change all come from the form. */
export function RecordTextField<V extends Record<K, string>, F extends string, K extends F & keyof V>({
  form,
  field,
  label,
  description,
  required,
  multiline = false,
  inputMode,
}: RecordTextFieldProps<V, F, K>) {
  const shared = {
    id: form.fieldId(field),
    label,
    description,
    required,
    value: form.values[field],
    error: form.errorOf(field),
  };
  return multiline ? (
    <Textarea
      {...shared}
      autosize
      minRows={2}
      onChange={(event) => form.set(field, event.currentTarget.value as V[K])}
    />
  ) : (
    <TextInput
      {...shared}
      inputMode={inputMode}
      autoComplete="off"
      onChange={(event) => form.set(field, event.currentTarget.value as V[K])}
    />
  );
}

interface RecordListSelectProps<V extends Record<K, string>, F extends string, K extends F & keyof V> {
  form: RecordForm<V, F>;
  field: K;
  label: string;
  options: PickerOption[];
}

/** A master-list field of a Component Manage form (energy type, device type), bound to the form. */
export function RecordListSelect<V extends Record<K, string>, F extends string, K extends F & keyof V>({
  form,
  field,
  label,
  options,
}: RecordListSelectProps<V, F, K>) {
  return (
    <MasterListSelect
      id={form.fieldId(field)}
      label={label}
      options={options}
      value={form.values[field]}
      error={form.errorOf(field)}
      onChange={(value) => form.set(field, value as V[K])}
    />
  );
}
