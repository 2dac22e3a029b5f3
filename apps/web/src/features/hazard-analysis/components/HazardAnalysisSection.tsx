import { Alert, Button, Loader, Text } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import {
  hazardAnalysisButtons as B,
  hazardAnalysisLabels as L,
  masterItemCaption,
  type HazardAnalysis,
  type HazardAnalysisInput,
  type HazardAnalysisVerb,
  type HazardLine,
  type Permit,
  sayIn,
} from '@hasp/contracts';
import { useCaptions } from '../../../lib/i18n';
import { ApiRequestError } from '../../../lib/http';
import { fieldErrorsOf } from '../../../lib/send-form';
import { useHazardAnalysis, useHazardCommand } from '../api/hazard-analysis';
import { hazardKeys } from '../api/keys';
import { emptyLine, lineFormOf, lineInputOf, type LineFormValues } from '../model/line-form';
import { LineForm } from './LineForm';
import { RiskBadge } from './RiskMatrixGrid';
import classes from '../HazardAnalysis.module.css';

/** What is being edited: a new line or an existing one, with the values entered and the attempt's key. */
interface Editing {
  lineId: number | null;
  values: LineFormValues;
  idempotencyKey: string;
}

/**
 * The permit page's Hazard analysis section: the permit's risk level (the lines'
 * highest residual risk), what the request still needs when the type requires the analysis, one
 * card per line, and the line form with the coloured matrix.
 */
export function HazardAnalysisSection({ permit }: { permit: Permit }) {
  const t = useCaptions();
  const query = useHazardAnalysis(permit.ID);
  const client = useQueryClient();
  // Who may change it depends on the permit's status: read it again when that changes.
  useEffect(() => {
    void client.invalidateQueries({ queryKey: hazardKeys.analysis(permit.ID) });
  }, [client, permit.ID, permit.status]);
  const command = useHazardCommand(permit.ID);
  const [editing, setEditing] = useState<Editing | null>(null);
  const analysis = query.data;
  if (query.isPending) return <Loader aria-label={t(L.loading)} />;
  if (!analysis) return <Alert color="red">{t(L.loadFailed)}</Alert>;

  // The line form holds its own key (kept across tries while it is open); a move is one action of the hook's.
  const give = (verb: HazardAnalysisVerb, body: HazardAnalysisInput, idempotencyKey?: string) =>
    command.mutateAsync({ verb, body, version: analysis.version, ...(idempotencyKey ? { idempotencyKey } : {}) });
  const refusal = command.error instanceof ApiRequestError ? command.error.message : null;
  const save = async () => {
    if (!editing) return;
    const body = lineInputOf(editing.values);
    try {
      await (editing.lineId === null
        ? give('add-line', body, editing.idempotencyKey)
        : give('edit-line', { lineId: editing.lineId, ...body }, editing.idempotencyKey));
      setEditing(null);
    } catch {
      // Kept open with the user's values; the refusal shows in the form.
    }
  };
  const startEditing = (line: HazardLine | null) => {
    command.reset();
    setEditing({
      lineId: line?.ID ?? null,
      values: line ? lineFormOf(line) : emptyLine,
      idempotencyKey: crypto.randomUUID(),
    });
  };
  const move = (index: number, by: -1 | 1) => {
    const ids = analysis.lines.map((l) => l.ID);
    const [moved] = ids.splice(index, 1);
    ids.splice(index + by, 0, moved!);
    void give('reorder', { lineIds: ids }).catch(() => {});
  };
  const form = (lineId: number | null) =>
    editing && editing.lineId === lineId ? (
      <LineForm
        analysis={analysis}
        values={editing.values}
        onChange={(values) => setEditing({ ...editing, values })}
        onSave={() => void save()}
        onCancel={() => {
          command.reset();
          setEditing(null);
        }}
        saving={command.isPending}
        refusal={refusal && Object.keys(fieldErrorsOf(command.error)).length === 0 ? refusal : null}
        fieldErrors={fieldErrorsOf(command.error)}
      />
    ) : null;

  return (
    <section className={classes.section} aria-label={t(L.section)}>
      <Summary analysis={analysis} />
      {!editing && refusal && (
        <Alert color="red" variant="light" role="alert">
          {refusal}
        </Alert>
      )}
      {analysis.lines.length === 0 && !editing && <Text c="dimmed">{t(L.noLines)}</Text>}
      <ol className={classes.lines} aria-label={t(L.section)}>
        {analysis.lines.map((line, index) => (
          <li key={line.ID}>
            {form(line.ID) ?? (
              <LineCard
                line={line}
                index={index}
                count={analysis.lines.length}
                canEdit={analysis.canEdit && !editing}
                busy={command.isPending}
                onEdit={() => startEditing(line)}
                onRemove={() => void give('remove-line', { lineId: line.ID }).catch(() => {})}
                onMove={(by) => move(index, by)}
              />
            )}
          </li>
        ))}
      </ol>
      {form(null)}
      {analysis.canEdit && !editing && (
        <Button size="md" className={classes.touch} onClick={() => startEditing(null)}>
          {t(B.addLine)}
        </Button>
      )}
      {!analysis.canEdit && analysis.editRefusal && (
        <Text size="sm" c="dimmed">
          {t(L.readOnly)}: {sayIn(analysis.editRefusalSaid, analysis.editRefusal, t)}
        </Text>
      )}
    </section>
  );
}

function Summary({ analysis }: { analysis: HazardAnalysis }) {
  const t = useCaptions();
  return (
    <div>
      <div className={classes.summary} data-testid="hazard-risk-level">
        <Text fw={700}>{t(L.riskLevel)}:</Text>
        {analysis.riskLevel ? <RiskBadge level={analysis.riskLevel} /> : <Text>{t(L.notRated)}</Text>}
      </div>
      <Text size="sm" c="dimmed">
        {t(L['riskLevel::description'])} {analysis.required ? t(L.required) : ''}
      </Text>
      {analysis.missing.length > 0 && (
        <Alert color="yellow" variant="light" mt="xs" title={t(L.missing)}>
          <ul className={classes.controls}>
            {analysis.missing.map((m) => (
              <li key={m}>{m}</li>
            ))}
          </ul>
        </Alert>
      )}
    </div>
  );
}

interface LineCardProps {
  line: HazardLine;
  index: number;
  count: number;
  canEdit: boolean;
  busy: boolean;
  onEdit: () => void;
  onRemove: () => void;
  onMove: (by: -1 | 1) => void;
}

function LineCard({ line, index, count, canEdit, busy, onEdit, onRemove, onMove }: LineCardProps) {
  const t = useCaptions();
  const rating = (s: number, l: number) => t(L.rating, { severity: s, likelihood: l });
  return (
    <article className={classes.line} aria-label={t(L.line, { n: index + 1 })}>
      <div className={classes.lineHead}>
        <Text fw={700}>
          {t(L.line, { n: index + 1 })}: {line.jobStep}
        </Text>
      </div>
      <Text>
        {t(L.hazard)}: {t(masterItemCaption('hazards', line.hazard))}
      </Text>
      <div className={classes.ratings}>
        <span>
          {t(L.risk)}: <RiskBadge level={line.risk} /> ({rating(line.severity, line.likelihood)})
        </span>
        <span>
          {t(L.residualRisk)}:{' '}
          {line.residualRisk ? (
            <>
              <RiskBadge level={line.residualRisk} /> ({rating(line.residualSeverity!, line.residualLikelihood!)})
            </>
          ) : (
            t(L.notRated)
          )}
        </span>
      </div>
      <Text size="sm" fw={600}>
        {t(L.controls)}
      </Text>
      {line.controls.length ? (
        <ul className={classes.controls}>
          {line.controls.map((c) => (
            <li key={c.ID}>{c.item ? t(masterItemCaption('controls', c.item)) : c.text}</li>
          ))}
        </ul>
      ) : (
        <Text size="sm" c="red.8">
          {t(L.noControls)}
        </Text>
      )}
      {canEdit && (
        <div className={classes.actions}>
          <Button variant="default" className={classes.touch} onClick={onEdit} disabled={busy}>
            {t(B.edit)}
          </Button>
          <Button variant="default" color="red" className={classes.touch} onClick={onRemove} disabled={busy}>
            {t(B.remove)}
          </Button>
          {index > 0 && (
            <Button variant="subtle" className={classes.touch} onClick={() => onMove(-1)} disabled={busy}>
              {t(B.moveUp)}
            </Button>
          )}
          {index < count - 1 && (
            <Button variant="subtle" className={classes.touch} onClick={() => onMove(1)} disabled={busy}>
              {t(B.moveDown)}
            </Button>
          )}
        </div>
      )}
    </article>
  );
}
