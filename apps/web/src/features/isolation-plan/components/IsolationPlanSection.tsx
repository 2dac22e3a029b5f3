import { Alert, Button, Loader, NativeSelect, Text } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import {
  isolationPlanButtons as B,
  isolationPlanLabels as L,
  isolationPlanVerbCaptions,
  type IsolationPlanInput,
  type IsolationPlanVerb,
  type Permit,
  sayIn,
} from '@hasp/contracts';
import { useCaptions } from '../../../lib/i18n';
import { ApiRequestError } from '../../../lib/http';
import { planKeys, useAssetPoints, useIsolationPlan, usePlanCommand } from '../api/plan';
import { planSteps, planWideVerbs } from '../model/plan-steps';
import { PointCard } from './PointCard';
import classes from '../IsolationPlan.module.css';

/**
 * The permit page's Isolation section (issue 16): the next step first and big, the (d) steps with
 * who and when, every point as a card with its next action, and the (e) checks during de-isolation.
 */
export function IsolationPlanSection({ permit }: { permit: Permit }) {
  const t = useCaptions();
  const query = useIsolationPlan(permit.ID);
  const client = useQueryClient();
  // The plan's steps and buttons depend on the permit's status: read it again when that changes.
  useEffect(() => {
    void client.invalidateQueries({ queryKey: planKeys.plan(permit.ID) });
  }, [client, permit.ID, permit.status]);
  const command = usePlanCommand(permit.ID);
  const [adding, setAdding] = useState('');
  const plan = query.data;
  const canAdd = !!plan?.allowedVerbs.includes('add-point');
  const choices = useAssetPoints(permit.ID, canAdd);
  if (query.isPending) return <Loader aria-label={t(L.loading)} />;
  if (!plan) return <Alert color="red">{t(L.loadFailed)}</Alert>;

  const give = (verb: IsolationPlanVerb, body: IsolationPlanInput = {}) =>
    command.mutate({ verb, body, version: plan.version });
  const refusal = command.error instanceof ApiRequestError ? command.error.message : null;
  const wide = planWideVerbs.filter((verb) => plan.allowedVerbs.includes(verb));
  const onPlan = new Set(plan.points.map((p) => p.isolationPointId));
  const addable = (choices.data ?? []).filter((c) => !onPlan.has(c.ID));

  return (
    <section className={classes.section} aria-label={t(L.section)}>
      {plan.nextStep && (
        <div className={classes.next} role="status">
          <Text size="sm" fw={700} tt="uppercase">
            {t(L.nextStep)}
          </Text>
          <p className={classes.nextText}>{sayIn(plan.nextStepSaid, plan.nextStep, t)}</p>
          {wide.length > 0 && (
            <div className={classes.actions}>
              {wide.map((verb, i) => (
                <Button
                  key={verb}
                  size={i === 0 ? 'lg' : 'md'}
                  variant={i === 0 ? 'filled' : 'default'}
                  className={classes.touch}
                  loading={command.isPending}
                  onClick={() => give(verb)}
                >
                  {t(isolationPlanVerbCaptions[verb])}
                </Button>
              ))}
            </div>
          )}
        </div>
      )}
      {refusal && (
        <Alert color="red" title={t(L.notDone)} role="alert">
          {refusal}
        </Alert>
      )}
      <ol className={classes.steps} aria-label={t(L.steps)}>
        {planSteps(plan, t).map((step) => (
          <li key={step.label} className={classes.step}>
            <span>
              {step.complete ? '✓ ' : ''}
              {step.label}
            </span>
            <Text span size="sm">
              {step.done ?? t(L.notYet)}
            </Text>
          </li>
        ))}
      </ol>
      {plan.points.length === 0 && <Text>{t(L.noPoints)}</Text>}
      {plan.points.map((point, index) => (
        <PointCard key={point.ID} plan={plan} point={point} index={index} busy={command.isPending} onCommand={give} />
      ))}
      {canAdd && addable.length > 0 && (
        <form
          className={classes.actions}
          onSubmit={(event) => {
            event.preventDefault();
            if (adding) give('add-point', { isolationPointId: Number(adding) });
          }}
        >
          <NativeSelect
            label={t(L.addPoint)}
            size="md"
            value={adding}
            onChange={(e) => setAdding(e.currentTarget.value)}
            data={[
              { value: '', label: t(L.choosePoint) },
              ...addable.map((c) => ({ value: String(c.ID), label: `${c.code} — ${c.location} (${c.assetNumber})` })),
            ]}
          />
          <Button type="submit" size="md" className={classes.touch} disabled={!adding} loading={command.isPending}>
            {t(B.addPoint)}
          </Button>
        </form>
      )}
    </section>
  );
}
