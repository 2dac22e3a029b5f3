import { Input, NativeSelect, Stack, Text, TextInput, Textarea } from '@mantine/core';
import {
  hazardAnalysisLabels,
  permitFieldCaptions,
  permitRiskCaptions,
  permitRiskLevels,
  permitsLabels,
  type PermitRiskLevel,
} from '@hasp/contracts';
import { useCaptions } from '../../../lib/i18n';
import type { FieldErrors } from '../../../lib/send-form';
import { latestEnd, type PermitFormValues } from '../model/permit-form';
import classes from '../Permits.module.css';
import { PersonPicker } from '../../../components/PersonPicker';
import { PlacePicker } from './PlacePicker';

interface PermitFormProps {
  values: PermitFormValues;
  onChange: (values: PermitFormValues) => void;
  /** The type's maximum validity, explained under the planned end. */
  maxValidityHours: number | null;
  /** Server or client messages by field (the server names body fields: areaId, holderId, ...). */
  errors: FieldErrors;
  disabled?: boolean;
  /**
   * The type has a hazard analysis: its lines set the risk level (decision 0047), shown read-only as
   * the permit has it now (the analysis changes it without a new permit version, so not from `values`).
   */
  hazardRiskLevel?: PermitRiskLevel | null;
  /** A new permit of a type with a hazard analysis: no Risk picker, only what will set it (decision 0047). */
  riskFromAnalysis?: boolean;
}

/** The permit's core fields, as the create page and the edit page both show them. */
export function PermitForm({
  values,
  onChange,
  maxValidityHours,
  errors,
  disabled,
  hazardRiskLevel,
  riskFromAnalysis,
}: PermitFormProps) {
  const t = useCaptions();
  const set = <K extends keyof PermitFormValues>(field: K, value: PermitFormValues[K]) =>
    onChange({ ...values, [field]: value });
  const input = { classNames: { input: classes.input }, disabled };
  const latest = maxValidityHours === null ? null : latestEnd(values.plannedStart, maxValidityHours);
  return (
    <Stack gap="md">
      <TextInput
        label={t(permitFieldCaptions.title)}
        required
        maxLength={200}
        value={values.title}
        onChange={(e) => set('title', e.currentTarget.value)}
        error={errors.title}
        {...input}
      />
      <Textarea
        label={t(permitFieldCaptions.description)}
        autosize
        minRows={2}
        maxLength={4000}
        value={values.description}
        onChange={(e) => set('description', e.currentTarget.value)}
        error={errors.description}
        {...input}
      />
      <Textarea
        label={t(permitFieldCaptions.workMethod)}
        autosize
        minRows={2}
        maxLength={4000}
        value={values.workMethod}
        onChange={(e) => set('workMethod', e.currentTarget.value)}
        error={errors.workMethod}
        {...input}
      />
      <PlacePicker
        kind="area"
        label={t(permitFieldCaptions.area)}
        multiple={false}
        picked={values.area ? [values.area] : []}
        onChange={(picked) => set('area', picked[0] ?? null)}
        disabled={disabled}
        error={errors.areaId}
      />
      <PlacePicker
        kind="asset"
        label={t(permitFieldCaptions.assets)}
        multiple
        picked={values.assets}
        onChange={(picked) => set('assets', picked)}
        disabled={disabled}
        error={errors.assetIds}
      />
      {riskFromAnalysis ? (
        <div data-testid="risk-from-analysis">
          <Input.Label labelElement="div">{t(permitFieldCaptions.riskLevel)}</Input.Label>
          <Text size="sm">{t(hazardAnalysisLabels.riskSetLater)}</Text>
        </div>
      ) : hazardRiskLevel !== undefined ? (
        <TextInput
          label={t(permitFieldCaptions.riskLevel)}
          description={t(hazardAnalysisLabels.fromRiskAnalysis)}
          readOnly
          value={hazardRiskLevel ? t(permitRiskCaptions[hazardRiskLevel]) : t(permitsLabels.notAssessed)}
          classNames={{ input: classes.input }}
        />
      ) : (
        <NativeSelect
          label={t(permitFieldCaptions.riskLevel)}
          value={values.riskLevel ?? ''}
          onChange={(e) => set('riskLevel', (e.currentTarget.value || null) as PermitRiskLevel | null)}
          data={[
            { value: '', label: t(permitsLabels.notAssessed) },
            ...permitRiskLevels.map((level) => ({ value: level, label: t(permitRiskCaptions[level]) })),
          ]}
          error={errors.riskLevel}
          {...input}
        />
      )}
      <TextInput
        type="datetime-local"
        label={t(permitFieldCaptions.plannedStart)}
        required
        value={values.plannedStart}
        onChange={(e) => set('plannedStart', e.currentTarget.value)}
        error={errors.plannedStart}
        {...input}
      />
      <TextInput
        type="datetime-local"
        label={t(permitFieldCaptions.plannedEnd)}
        required
        description={
          maxValidityHours === null
            ? undefined
            : t(permitsLabels.plannedEndLimit, { hours: maxValidityHours, latest: latest?.replace('T', ' ') ?? '—' })
        }
        max={latest ?? undefined}
        value={values.plannedEnd}
        onChange={(e) => set('plannedEnd', e.currentTarget.value)}
        error={errors.plannedEnd}
        {...input}
      />
      <PersonPicker
        label={t(permitFieldCaptions.holder)}
        description={t(permitsLabels.holderDescription)}
        value={values.holder}
        onChange={(person) => set('holder', person)}
        disabled={disabled}
        error={errors.holderId}
      />
    </Stack>
  );
}
