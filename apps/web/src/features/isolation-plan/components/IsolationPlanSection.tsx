import { Alert, Button, Loader, NativeSelect, Text } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useSearchParams } from 'react-router';
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
import { currentPoint, pointStep } from '../model/point-step';
import { openPointOf, withOpenPoint } from '../model/open-point';
import { AssignedLocks } from './AssignedLocks';
import { PointCard } from './PointCard';
import { PointList } from './PointList';
import classes from '../IsolationPlan.module.css';

/**
 * The permit page's Isolation section: the plan-wide step when one is due (notify, shut down), then
 * ONE guided card for the current point (its next step and one primary button), the compact list
 * of every point to open another, the (d) steps with who and when, and the (e) checks during
 * de-isolation.
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
  // The point the user opened from the list, kept in the URL (`?point=`) like the tab: the page drawn
  // again (the network lost and back, a reload) keeps it. None: the card follows the plan's current point.
  const [search, setSearch] = useSearchParams();
  const openId = openPointOf(search);
  const setOpenId = (id: number | undefined) =>
    setSearch((now) => withOpenPoint(now, id), { replace: true, state: { skipLoader: true } });
  const plan = query.data;
  const canAdd = !!plan?.allowedVerbs.includes('add-point');
  const choices = useAssetPoints(permit.ID, canAdd);
  if (query.isPending) return <Loader aria-label={t(L.loading)} />;
  if (!plan) return <Alert color="red">{t(L.loadFailed)}</Alert>;

  const give = (verb: IsolationPlanVerb, body: IsolationPlanInput = {}) =>
    command.mutate({ verb, body, version: plan.version }, { onSuccess: () => setOpenId(undefined) });
  const refusal = command.error instanceof ApiRequestError ? command.error.message : null;
  const open = plan.points.find((p) => p.ID === openId) ?? currentPoint(plan);
  const openIndex = open ? plan.points.indexOf(open) : -1;
  // The card has a step to give at the open point: the sentence box above would only repeat it.
  const guiding = !!open && !['other', 'done'].includes(pointStep(plan, open));
  // The card gives the stored-energy release at its step; the box above keeps the rest.
  const wide = planWideVerbs.filter(
    (verb) => plan.allowedVerbs.includes(verb) && !(guiding && verb === 'release-stored-energy'),
  );
  const onPlan = new Set(plan.points.map((p) => p.isolationPointId));
  const addable = (choices.data ?? []).filter((c) => !onPlan.has(c.ID));

  return (
    <section className={classes.section} aria-label={t(L.section)}>
      {plan.nextStep && (!guiding || wide.length > 0) && (
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
      {open && <PointCard plan={plan} point={open} index={openIndex} busy={command.isPending} onCommand={give} />}
      {plan.points.length > 1 && <PointList plan={plan} openId={open?.ID} onOpen={setOpenId} />}
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
      <AssignedLocks plan={plan} />
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
