import { Group, Radio } from '@mantine/core';
import { componentManageLabels, masterItemCaption, type IsolationPoint, type MasterListItem } from '@hasp/contracts';
import { useCaptions } from '../../../lib/i18n';
import { useSaveIsolationPoint } from '../api/save-isolation-point';
import {
  isolationPointFormValuesOf,
  isolationPointInputOf,
  isolationPointProblems,
  pickerOptions,
  type IsolationPointField,
  type IsolationPointFormValues,
} from '../form-values';
import { useRecordForm } from '../use-record-form';
import { RecordFormFrame, RecordListSelect, RecordTextField } from './RecordFormParts';
import classes from '../ComponentManage.module.css';

interface IsolationPointFormProps {
  assetId: number;
  componentId: number;
  /** null: a new isolation point. */
  point: IsolationPoint | null;
  deviceTypes: MasterListItem[];
  onDone: () => void;
  onReload: () => void;
}

/**
 * Creates or edits an isolation point. Choosing "Tag only" shows the extra protective measure,
 * which a tag-only point must record (OSHA 1910.147 (c)(3)).
 */
export function IsolationPointForm({
  assetId,
  componentId,
  point,
  deviceTypes,
  onDone,
  onReload,
}: IsolationPointFormProps) {
  const t = useCaptions();
  const l = componentManageLabels;
  const save = useSaveIsolationPoint();
  const labels: Record<IsolationPointField, string> = {
    code: t(l.code),
    deviceTypeItemId: t(l.deviceType),
    location: t(l.location),
    normalPosition: t(l.normalPosition),
    isolatedPosition: t(l.isolatedPosition),
    lockable: t(l.lockMode),
    tagOnlyMeasure: t(l.tagOnlyMeasure),
    verificationMethod: t(l.verificationMethod),
  };
  const form = useRecordForm<IsolationPointFormValues, IsolationPointField>(
    () => isolationPointFormValuesOf(point),
    labels,
    'isolation-point',
  );
  const { values, set, errorOf, fieldId } = form;

  const submit = () => {
    if (!form.check(isolationPointProblems(values))) return;
    save.mutate(
      {
        assetId,
        componentId,
        isolationPointId: point?.ID ?? null,
        input: isolationPointInputOf(values, point?.version),
      },
      { onSuccess: onDone, onError: form.fail },
    );
  };

  const text = (field: 'code' | 'location' | 'normalPosition' | 'isolatedPosition', required = false) => (
    <RecordTextField
      form={form}
      field={field}
      label={labels[field]}
      description={field === 'code' ? t(l['code::description']) : undefined}
      required={required}
    />
  );

  return (
    <RecordFormFrame form={form} editing={point !== null} save={save} onSubmit={submit} {...{ onDone, onReload }}>
      {text('code', true)}
      <RecordListSelect
        form={form}
        field="deviceTypeItemId"
        label={labels.deviceTypeItemId}
        options={pickerOptions(deviceTypes, point?.deviceType ?? null, (item) =>
          t(masterItemCaption('device-types', item)),
        )}
      />
      {text('location')}
      <Group grow align="flex-start" className={classes.pair}>
        {text('normalPosition')}
        {text('isolatedPosition')}
      </Group>
      <Radio.Group
        id={fieldId('lockable')}
        label={labels.lockable}
        value={values.lockMode}
        error={errorOf('lockable')}
        onChange={(value) => set('lockMode', value === 'tag-only' ? 'tag-only' : 'lockable')}
      >
        <Group gap="lg" mt="xs">
          <Radio value="lockable" label={t(l.lockable)} />
          <Radio value="tag-only" label={t(l.tagOnly)} />
        </Group>
      </Radio.Group>
      {values.lockMode === 'tag-only' && (
        <RecordTextField
          form={form}
          field="tagOnlyMeasure"
          label={labels.tagOnlyMeasure}
          description={t(l['tagOnlyMeasure::description'])}
          required
          multiline
        />
      )}
      <RecordTextField form={form} field="verificationMethod" label={labels.verificationMethod} multiline />
    </RecordFormFrame>
  );
}
