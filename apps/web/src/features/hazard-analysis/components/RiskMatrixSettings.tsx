import { Alert, Button, CloseButton, Group, Loader, Paper, Stack, Text, TextInput, Title } from '@mantine/core';
import { useState } from 'react';
import {
  RISK_MATRIX_MAX_LEVELS,
  RISK_MATRIX_MIN_LEVELS,
  defaultRiskMatrix,
  hazardAnalysisLabels,
  permitRiskLevels,
  riskMatrixButtons as B,
  riskMatrixLabels as L,
  type PermitRiskLevel,
  type RiskMatrixInput,
} from '@hasp/contracts';
import { useCaptions } from '../../../lib/i18n';
import { ApiRequestError } from '../../../lib/http';
import { fieldErrorsOf } from '../../../lib/send-form';
import { useRiskMatrix, useSaveRiskMatrix } from '../api/risk-matrix';
import { RiskMatrixGrid } from './RiskMatrixGrid';
import classes from '../HazardAnalysis.module.css';

const next = (level: PermitRiskLevel): PermitRiskLevel =>
  permitRiskLevels[(permitRiskLevels.indexOf(level) + 1) % permitRiskLevels.length]!;

/** Adds or removes a level on one axis, keeping the cells a full rectangle (a new level copies its neighbour). */
function resize(matrix: RiskMatrixInput, axis: 'severity' | 'likelihood', remove?: number): RiskMatrixInput {
  if (axis === 'severity') {
    const labels =
      remove === undefined ? [...matrix.severityLabels, ''] : matrix.severityLabels.filter((_, i) => i !== remove);
    const cells =
      remove === undefined
        ? [...matrix.cells, [...matrix.cells[matrix.cells.length - 1]!]]
        : matrix.cells.filter((_, i) => i !== remove);
    return { ...matrix, severityLabels: labels, cells };
  }
  const labels =
    remove === undefined ? [...matrix.likelihoodLabels, ''] : matrix.likelihoodLabels.filter((_, i) => i !== remove);
  const cells = matrix.cells.map((row) =>
    remove === undefined ? [...row, row[row.length - 1]!] : row.filter((_, i) => i !== remove),
  );
  return { ...matrix, likelihoodLabels: labels, cells };
}

/**
 * The facility's risk matrix, on Master List Manage beside the Hazards and Controls lists: the
 * level names of both axes and each cell's risk level (a tap moves it low → medium → high).
 */
export function RiskMatrixSettings() {
  const t = useCaptions();
  const query = useRiskMatrix();
  const save = useSaveRiskMatrix();
  // The user's edits; until the first, the saved matrix.
  const [edited, setDraft] = useState<RiskMatrixInput | null>(null);
  const [key, setKey] = useState<string>(() => crypto.randomUUID());
  const [saved, setSaved] = useState(false);
  const draft: RiskMatrixInput | null =
    edited ??
    (query.data
      ? {
          severityLabels: query.data.severityLabels,
          likelihoodLabels: query.data.likelihoodLabels,
          cells: query.data.cells,
        }
      : null);
  if (query.isPending) return <Loader aria-label={t(L.title)} />;
  if (!query.data || !draft) return <Alert color="red">{t(L.loadFailed)}</Alert>;

  const change = (matrix: RiskMatrixInput) => {
    setDraft(matrix);
    setSaved(false);
    setKey(crypto.randomUUID());
  };
  const errors = fieldErrorsOf(save.error);
  const refusal = save.error instanceof ApiRequestError ? save.error.message : null;
  const axis = (which: 'severity' | 'likelihood') => {
    const labels = which === 'severity' ? draft.severityLabels : draft.likelihoodLabels;
    const name = t(which === 'severity' ? hazardAnalysisLabels.severity : hazardAnalysisLabels.likelihood);
    return (
      <fieldset className={classes.labels} style={{ border: 0, padding: 0, margin: 0 }}>
        <legend>
          <Text fw={600}>{t(which === 'severity' ? L.severityLevels : L.likelihoodLevels)}</Text>
        </legend>
        {labels.map((label, i) => (
          <div key={i} className={classes.labelRow}>
            <TextInput
              label={t(L.levelName, { axis: name, n: i + 1 })}
              value={label}
              maxLength={40}
              size="md"
              onChange={(e) => {
                const value = e.currentTarget.value;
                change(
                  which === 'severity'
                    ? { ...draft, severityLabels: draft.severityLabels.map((x, j) => (j === i ? value : x)) }
                    : { ...draft, likelihoodLabels: draft.likelihoodLabels.map((x, j) => (j === i ? value : x)) },
                );
              }}
            />
            {labels.length > RISK_MATRIX_MIN_LEVELS && (
              <CloseButton
                size="xl"
                aria-label={`${t(B.removeLevel)}: ${t(L.levelName, { axis: name, n: i + 1 })}`}
                onClick={() => change(resize(draft, which, i))}
              />
            )}
          </div>
        ))}
        {labels.length < RISK_MATRIX_MAX_LEVELS && (
          <Button variant="default" className={classes.touch} onClick={() => change(resize(draft, which))}>
            {t(which === 'severity' ? B.addSeverity : B.addLikelihood)}
          </Button>
        )}
        {errors[which === 'severity' ? 'severityLabels' : 'likelihoodLabels'] && (
          <Text size="sm" c="red.8">
            {errors[which === 'severity' ? 'severityLabels' : 'likelihoodLabels']}
          </Text>
        )}
      </fieldset>
    );
  };

  return (
    <Paper withBorder p="md" mt="lg" component="section" aria-labelledby="risk-matrix-title">
      <Stack gap="md">
        <div>
          <Title order={2} size="h3" id="risk-matrix-title">
            {t(L.title)}
          </Title>
          <Text size="sm" c="dimmed">
            {t(L['title::description'])}
          </Text>
        </div>
        <RiskMatrixGrid
          matrix={draft}
          caption={t(hazardAnalysisLabels.matrixCaption)}
          value={null}
          onPick={(severity, likelihood) =>
            change({
              ...draft,
              cells: draft.cells.map((row, s) =>
                s === severity - 1 ? row.map((cell, l) => (l === likelihood - 1 ? next(cell) : cell)) : row,
              ),
            })
          }
          cellLabel={(severity, likelihood, risk) => t(L.cell, { severity, likelihood, risk })}
          disabled={save.isPending}
        />
        {axis('severity')}
        {axis('likelihood')}
        {refusal && (
          <Alert color="red" variant="light" role="alert">
            {refusal}
          </Alert>
        )}
        {saved && !save.isError && (
          <Alert color="green" variant="light" role="status">
            {t(L.saved)}
          </Alert>
        )}
        <Group justify="flex-end" gap="sm">
          <Button
            variant="default"
            className={classes.touch}
            onClick={() => change({ ...defaultRiskMatrix })}
            disabled={save.isPending}
          >
            {t(B.reset)}
          </Button>
          <Button
            className={classes.touch}
            loading={save.isPending}
            onClick={() =>
              save.mutate(
                { matrix: draft, version: query.data.version, idempotencyKey: key },
                { onSuccess: () => setSaved(true) },
              )
            }
          >
            {t(B.save)}
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}
