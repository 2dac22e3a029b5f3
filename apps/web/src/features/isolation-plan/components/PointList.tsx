import { isolationPlanLabels as L, planPointStateCaptions, type IsolationPlan } from '@hasp/contracts';
import { useCaptions } from '../../../lib/i18n';
import classes from '../IsolationPlan.module.css';

/** Every point of the plan with its state, compact; tapping one opens its card. */
export function PointList({
  plan,
  openId,
  onOpen,
}: {
  plan: IsolationPlan;
  openId: number | undefined;
  onOpen: (planPointId: number) => void;
}) {
  const t = useCaptions();
  return (
    <nav aria-label={t(L.points)}>
      <ul className={classes.pointList}>
        {plan.points.map((p) => (
          <li key={p.ID}>
            <button
              type="button"
              className={classes.pointItem}
              aria-current={p.ID === openId ? 'true' : undefined}
              onClick={() => onOpen(p.ID)}
            >
              {t(L.pointListItem, { code: p.code, state: t(planPointStateCaptions[p.state]) })}
            </button>
          </li>
        ))}
      </ul>
    </nav>
  );
}
