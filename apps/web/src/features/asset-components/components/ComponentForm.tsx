import type { FormEvent } from 'react';
import { Checkbox, Stack, TextInput, Textarea } from '@mantine/core';
import { componentManageLabels, type Component } from '@hasp/contracts';
import { useCaptions } from '../../../lib/i18n';
import { useSaveComponent } from '../api/save-component';
import {
  componentFormValuesOf,
  componentInputOf,
  componentProblems,
  type ComponentField,
  type ComponentFormValues,
} from '../form-values';
import { useRecordForm } from '../use-record-form';
import { FormAlerts } from './FormAlerts';
import { FormButtons } from './FormButtons';

interface ComponentFormProps {
  assetId: number;
  /** null: a new component. */
  component: Component | null;
  onDone: () => void;
  onReload: () => void;
}

/** Creates or edits a component: number, name, description, active or retired. */
export function ComponentForm({ assetId, component, onDone, onReload }: ComponentFormProps) {
  const t = useCaptions();
  const l = componentManageLabels;
  const save = useSaveComponent();
  const labels: Record<ComponentField, string> = {
    number: t(l.componentNumber),
    name: t(l.componentName),
    description: t(l.description),
  };
  const form = useRecordForm<ComponentFormValues, ComponentField>(
    () => componentFormValuesOf(component),
    labels,
    'component',
  );
  const { values, set, errorOf, fieldId } = form;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!form.check(componentProblems(values))) return;
    save.mutate(
      { assetId, componentId: component?.ID ?? null, input: componentInputOf(values, component?.version) },
      { onSuccess: onDone, onError: form.fail },
    );
  };

  return (
    <form noValidate onSubmit={submit}>
      <Stack gap="md">
        <FormAlerts failure={form.failure} hasFieldErrors={form.hasFieldErrors} onReload={onReload} />
        <TextInput
          id={fieldId('number')}
          label={labels.number}
          description={t(l['componentNumber::description'])}
          required
          autoComplete="off"
          value={values.number}
          error={errorOf('number')}
          onChange={(event) => set('number', event.currentTarget.value)}
        />
        <TextInput
          id={fieldId('name')}
          label={labels.name}
          required
          autoComplete="off"
          value={values.name}
          error={errorOf('name')}
          onChange={(event) => set('name', event.currentTarget.value)}
        />
        <Textarea
          id={fieldId('description')}
          label={labels.description}
          autosize
          minRows={2}
          value={values.description}
          error={errorOf('description')}
          onChange={(event) => set('description', event.currentTarget.value)}
        />
        {component && (
          <Checkbox
            label={t(l.active)}
            description={t(l['active::description'])}
            checked={values.isActive}
            onChange={(event) => set('isActive', event.currentTarget.checked)}
          />
        )}
        <FormButtons saving={save.isPending} onCancel={onDone} />
      </Stack>
    </form>
  );
}
