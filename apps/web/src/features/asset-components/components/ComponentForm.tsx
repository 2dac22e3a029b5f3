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
import { RecordFormFrame, RecordTextField } from './RecordFormParts';

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

  const submit = () => {
    if (!form.check(componentProblems(form.values))) return;
    save.mutate(
      { assetId, componentId: component?.ID ?? null, input: componentInputOf(form.values, component?.version) },
      { onSuccess: onDone, onError: form.fail },
    );
  };

  return (
    <RecordFormFrame form={form} editing={component !== null} save={save} onSubmit={submit} {...{ onDone, onReload }}>
      <RecordTextField
        form={form}
        field="number"
        label={labels.number}
        description={t(l['componentNumber::description'])}
        required
      />
      <RecordTextField form={form} field="name" label={labels.name} required />
      <RecordTextField form={form} field="description" label={labels.description} multiline />
    </RecordFormFrame>
  );
}
