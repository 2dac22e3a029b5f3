import { Checkbox, Group } from '@mantine/core';
import { componentManageLabels, masterItemCaption, type EnergySource, type MasterListItem } from '@hasp/contracts';
import { useCaptions } from '../../../lib/i18n';
import { useSaveEnergySource } from '../api/save-energy-source';
import {
  energySourceFormValuesOf,
  energySourceInputOf,
  energySourceProblems,
  pickerOptions,
  type EnergySourceField,
  type EnergySourceFormValues,
} from '../form-values';
import { useRecordForm } from '../use-record-form';
import { RecordFormFrame, RecordListSelect, RecordTextField } from './RecordFormParts';
import classes from '../ComponentManage.module.css';

interface EnergySourceFormProps {
  assetId: number;
  componentId: number;
  /** null: a new energy source. */
  source: EnergySource | null;
  energyTypes: MasterListItem[];
  onDone: () => void;
  onReload: () => void;
}

/** Creates or edits an energy source: type, magnitude and unit (480 V, 120 psi), stored energy. */
export function EnergySourceForm({
  assetId,
  componentId,
  source,
  energyTypes,
  onDone,
  onReload,
}: EnergySourceFormProps) {
  const t = useCaptions();
  const l = componentManageLabels;
  const save = useSaveEnergySource();
  const labels: Record<EnergySourceField, string> = {
    energyTypeItemId: t(l.energyType),
    magnitude: t(l.magnitude),
    unit: t(l.unit),
    description: t(l.description),
  };
  const form = useRecordForm<EnergySourceFormValues, EnergySourceField>(
    () => energySourceFormValuesOf(source),
    labels,
    'energy-source',
  );
  const { values, set } = form;

  const submit = () => {
    if (!form.check(energySourceProblems(values))) return;
    save.mutate(
      {
        assetId,
        componentId,
        energySourceId: source?.ID ?? null,
        input: energySourceInputOf(values, source?.version),
      },
      { onSuccess: onDone, onError: form.fail },
    );
  };

  return (
    <RecordFormFrame form={form} editing={source !== null} save={save} onSubmit={submit} {...{ onDone, onReload }}>
      <RecordListSelect
        form={form}
        field="energyTypeItemId"
        label={labels.energyTypeItemId}
        options={pickerOptions(energyTypes, source?.energyType ?? null, (item) =>
          t(masterItemCaption('energy-types', item)),
        )}
      />
      <Group grow align="flex-start" className={classes.pair}>
        <RecordTextField
          form={form}
          field="magnitude"
          label={labels.magnitude}
          description={t(l['magnitude::description'])}
          inputMode="decimal"
        />
        <RecordTextField form={form} field="unit" label={labels.unit} description={t(l['unit::description'])} />
      </Group>
      <Checkbox
        label={t(l.storedEnergy)}
        description={t(l['storedEnergy::description'])}
        checked={values.storedEnergy}
        onChange={(event) => set('storedEnergy', event.currentTarget.checked)}
      />
      <RecordTextField form={form} field="description" label={labels.description} multiline />
    </RecordFormFrame>
  );
}
