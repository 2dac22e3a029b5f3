import { Alert, Button, CloseButton, Group, NativeSelect, Stack, Text, TextInput } from '@mantine/core';
import { useState } from 'react';
import {
  hazardAnalysisButtons as B,
  hazardAnalysisLabels as L,
  hazardSuggestionCaptions,
  masterItemCaption,
  riskOf,
  type Caption,
  type HazardAnalysis,
  type HazardSuggestion,
} from '@hasp/contracts';
import { useCaptions } from '../../../lib/i18n';
import type { FieldErrors } from '../../../lib/send-form';
import { useHazardList } from '../api/master-list';
import { hasControlText, lineFormMissing, type FormControl, type LineFormValues } from '../model/line-form';
import { RiskBadge, RiskMatrixGrid } from './RiskMatrixGrid';
import classes from '../HazardAnalysis.module.css';

interface LineFormProps {
  analysis: HazardAnalysis;
  values: LineFormValues;
  onChange: (values: LineFormValues) => void;
  onSave: () => void;
  onCancel: () => void;
  saving: boolean;
  /** The server's refusal, in its words, and its messages by field. */
  refusal: string | null;
  fieldErrors: FieldErrors;
}

/**
 * One line's form: job step, hazard, the rating on the facility's matrix, controls (from the list,
 * written, or a suggestion from the assets' energy sources in one tap) and the residual rating.
 * The values live in the section, so a failed save keeps everything the user entered.
 */
export function LineForm({
  analysis,
  values,
  onChange,
  onSave,
  onCancel,
  saving,
  refusal,
  fieldErrors,
}: LineFormProps) {
  const t = useCaptions();
  const hazards = useHazardList('hazards', true);
  const controlItems = useHazardList('controls', true);
  const [pickedControl, setPickedControl] = useState('');
  const [writtenControl, setWrittenControl] = useState('');
  const [tried, setTried] = useState(false);
  const set = <K extends keyof LineFormValues>(key: K, value: LineFormValues[K]) =>
    onChange({ ...values, [key]: value });
  const addControl = (control: FormControl) => set('controls', [...values.controls, control]);
  const { matrix } = analysis;
  const cellLabel = (severity: string, likelihood: string, risk: string) => t(L.cell, { severity, likelihood, risk });
  const missing = tried ? lineFormMissing(values) : [];
  const suggestionText = (s: HazardSuggestion) => {
    const caption = (hazardSuggestionCaptions as Partial<Record<string, Caption>>)[s.key];
    return caption ? t(caption) : s.text;
  };
  const suggestions = analysis.suggestions.filter((s) => !hasControlText(values.controls, suggestionText(s)));
  const ratingOf = (r: LineFormValues['rating']) => (r ? riskOf(matrix, r.severity, r.likelihood) : undefined);
  const risk = ratingOf(values.rating);
  const residual = ratingOf(values.residual);
  const required = (key: 'jobStep' | 'hazardItemId' | 'rating', label: string) =>
    missing.includes(key) ? `${label}: ${t(L.notRated)}` : undefined;

  const controlCaption = (c: FormControl) =>
    'text' in c ? c.text : t(masterItemCaption('controls', { ID: c.itemId, caption: c.caption }));

  return (
    <form
      className={classes.line}
      aria-label={t(L.lineForm)}
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        setTried(true);
        if (lineFormMissing(values).length === 0) onSave();
      }}
    >
      <Stack gap="md">
        <TextInput
          label={t(L.jobStep)}
          required
          maxLength={200}
          value={values.jobStep}
          onChange={(e) => set('jobStep', e.currentTarget.value)}
          error={fieldErrors.jobStep ?? (missing.includes('jobStep') ? t(L.jobStep) : undefined)}
          size="md"
        />
        <NativeSelect
          label={t(L.hazard)}
          required
          size="md"
          value={values.hazardItemId === null ? '' : String(values.hazardItemId)}
          onChange={(e) => set('hazardItemId', e.currentTarget.value ? Number(e.currentTarget.value) : null)}
          data={[
            { value: '', label: t(L.chooseHazard) },
            ...(hazards.data ?? []).map((item) => ({
              value: String(item.ID),
              label: t(masterItemCaption('hazards', item)),
            })),
          ]}
          error={fieldErrors.hazardItemId ?? (missing.includes('hazardItemId') ? t(L.chooseHazard) : undefined)}
        />
        <div>
          <RiskMatrixGrid
            matrix={matrix}
            caption={`${t(L.initialRisk)} — ${t(L.matrixCaption)}`}
            value={values.rating}
            onPick={(severity, likelihood) => set('rating', { severity, likelihood })}
            cellLabel={cellLabel}
            disabled={saving}
          />
          <Text
            className={classes.chosen}
            c={fieldErrors.severity || fieldErrors.likelihood || required('rating', '') ? 'red.8' : undefined}
          >
            {t(L.risk)}: {risk ? <RiskBadge level={risk} /> : t(L.notRated)}
            {fieldErrors.severity ? ` ${fieldErrors.severity}` : ''}
            {fieldErrors.likelihood ? ` ${fieldErrors.likelihood}` : ''}
          </Text>
        </div>

        <fieldset className={classes.labels} style={{ border: 0, padding: 0, margin: 0 }}>
          <legend>
            <Text fw={600}>{t(L.controls)}</Text>
          </legend>
          {values.controls.length === 0 ? (
            <Text size="sm" c="dimmed">
              {t(L.noControls)}
            </Text>
          ) : (
            <ul className={classes.controls} aria-label={t(L.controls)}>
              {values.controls.map((c, i) => (
                <li key={i}>
                  <Group gap="xs" wrap="nowrap" justify="space-between">
                    <span>{controlCaption(c)}</span>
                    <CloseButton
                      size="lg"
                      aria-label={`${t(B.removeControl)}: ${controlCaption(c)}`}
                      onClick={() =>
                        set(
                          'controls',
                          values.controls.filter((_, j) => j !== i),
                        )
                      }
                    />
                  </Group>
                </li>
              ))}
            </ul>
          )}
          {fieldErrors.controls && (
            <Text size="sm" c="red.8">
              {fieldErrors.controls}
            </Text>
          )}
          {suggestions.length > 0 && (
            <div className={classes.labels} role="group" aria-label={t(L.suggested)}>
              <Text size="sm" fw={600}>
                {t(L.suggested)}
              </Text>
              {suggestions.map((s) => (
                <div key={s.key} className={classes.suggestion}>
                  <div>
                    <div>{suggestionText(s)}</div>
                    <Text size="xs" c="dimmed">
                      {t(L.suggestedFrom, { sources: s.sources.join('; ') })}
                    </Text>
                  </div>
                  <Button
                    variant="light"
                    className={classes.touch}
                    aria-label={`${t(B.addSuggestion)}: ${suggestionText(s)}`}
                    onClick={() => addControl({ text: suggestionText(s) })}
                  >
                    {t(B.addSuggestion)}
                  </Button>
                </div>
              ))}
            </div>
          )}
          <div className={classes.labelRow}>
            <NativeSelect
              label={t(L.controlFromList)}
              size="md"
              value={pickedControl}
              onChange={(e) => setPickedControl(e.currentTarget.value)}
              data={[
                { value: '', label: t(L.chooseControl) },
                ...(controlItems.data ?? [])
                  .filter((item) => !values.controls.some((c) => 'itemId' in c && c.itemId === item.ID))
                  .map((item) => ({ value: String(item.ID), label: t(masterItemCaption('controls', item)) })),
              ]}
            />
            <Button
              variant="default"
              className={classes.touch}
              disabled={!pickedControl}
              onClick={() => {
                const item = controlItems.data?.find((i) => String(i.ID) === pickedControl);
                if (item) addControl({ itemId: item.ID, caption: item.caption });
                setPickedControl('');
              }}
            >
              {t(B.addControl)}
            </Button>
          </div>
          <div className={classes.labelRow}>
            <TextInput
              label={t(L.controlText)}
              size="md"
              maxLength={200}
              value={writtenControl}
              onChange={(e) => setWrittenControl(e.currentTarget.value)}
            />
            <Button
              variant="default"
              className={classes.touch}
              disabled={!writtenControl.trim()}
              onClick={() => {
                addControl({ text: writtenControl.trim() });
                setWrittenControl('');
              }}
            >
              {t(B.addControl)}
            </Button>
          </div>
        </fieldset>

        <div>
          <RiskMatrixGrid
            matrix={matrix}
            caption={`${t(L.residualRisk)} (${t(L.residualHelp)}) — ${t(L.matrixCaption)}`}
            value={values.residual}
            onPick={(severity, likelihood) => set('residual', { severity, likelihood })}
            cellLabel={cellLabel}
            disabled={saving}
          />
          <Text className={classes.chosen}>
            {t(L.residualRisk)}: {residual ? <RiskBadge level={residual} /> : t(L.notRated)}
            {fieldErrors.residualSeverity ? ` ${fieldErrors.residualSeverity}` : ''}
            {fieldErrors.residualLikelihood ? ` ${fieldErrors.residualLikelihood}` : ''}
          </Text>
        </div>

        {refusal && (
          <Alert color="red" variant="light" role="alert">
            {refusal}
          </Alert>
        )}
        <Group justify="flex-end" gap="sm">
          <Button variant="default" size="md" className={classes.touch} onClick={onCancel} disabled={saving}>
            {t(B.cancel)}
          </Button>
          <Button type="submit" size="md" className={classes.touch} loading={saving}>
            {t(B.save)}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
