import { isolationPlanLabels as L, type IsolationPlan, type PlanPoint } from '@hasp/contracts';
import { useCaptions } from '../../../lib/i18n';
import { phaseDone, pointPhases, pointStep } from '../model/point-step';
import classes from '../IsolationPlan.module.css';

const phaseCaption = {
  isolate: L.phaseIsolate,
  'lock-tag': L.phaseLockTag,
  release: L.phaseRelease,
  'try-out': L.phaseTryOut,
} as const;

/** The four (d) steps at a point, the current one marked, the done ones ticked. */
export function PointPhases({ plan, point }: { plan: IsolationPlan; point: PlanPoint }) {
  const t = useCaptions();
  const now = pointStep(plan, point);
  return (
    <ol className={classes.phases} aria-label={t(L.pointSteps, { code: point.code })}>
      {pointPhases.map((phase) => (
        <li
          key={phase}
          className={classes.phase}
          aria-current={phase === now ? 'step' : undefined}
          data-done={phaseDone(plan, point, phase) || undefined}
        >
          {phaseDone(plan, point, phase) ? '✓ ' : ''}
          {t(phaseCaption[phase])}
        </li>
      ))}
    </ol>
  );
}
