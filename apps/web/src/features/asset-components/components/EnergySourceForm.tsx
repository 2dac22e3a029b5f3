import type { FormEvent } from 'react';
import { Checkbox, Group, Stack, TextInput, Textarea } from '@mantine/core';
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
import { FormAlerts } from './FormAlerts';
import { FormButtons } from './FormButtons';
import { MasterListSelect } from './MasterListSelect';
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
  const { values, set, errorOf, fieldId } = form;

  const submit = (event: FormEvent) => {
    event.preventDefault();
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
    <form noValidate onSubmit={submit}>
      <Stack gap="md">
        <FormAlerts failure={form.failure} hasFieldErrors={form.hasFieldErrors} onReload={onReload} />
        <MasterListSelect
          id={fieldId('energyTypeItemId')}
          label={labels.energyTypeItemId}
          options={pickerOptions(energyTypes, source?.energyType ?? null, (item) =>
            t(masterItemCaption('energy-types', item)),
          )}
          value={values.energyTypeItemId}
          error={errorOf('energyTypeItemId')}
          onChange={(value) => set('energyTypeItemId', value)}
        />
        <Group grow align="flex-start" className={classes.pair}>
          <TextInput
            id={fieldId('magnitude')}
            label={labels.magnitude}
            description={t(l['magnitude::description'])}
            inputMode="decimal"
            autoComplete="off"
            value={values.magnitude}
            error={errorOf('magnitude')}
            onChange={(event) => set('magnitude', event.currentTarget.value)}
          />
          <TextInput
            id={fieldId('unit')}
            label={labels.unit}
            description={t(l['unit::description'])}
            autoComplete="off"
            value={values.unit}
            error={errorOf('unit')}
            onChange={(event) => set('unit', event.currentTarget.value)}
          />
        </Group>
        <Checkbox
          label={t(l.storedEnergy)}
          description={t(l['storedEnergy::description'])}
          checked={values.storedEnergy}
          onChange={(event) => set('storedEnergy', event.currentTarget.checked)}
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
        {source && (
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
