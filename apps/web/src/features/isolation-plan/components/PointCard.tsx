import { Alert, Badge, Button, Text } from '@mantine/core';
import {
  isolationPlanButtons as B,
  isolationPlanLabels as L,
  isolationPlanVerbCaptions,
  planPointStateCaptions,
  type IsolationPlan,
  type IsolationPlanInput,
  type IsolationPlanVerb,
  type PlanPoint,
} from '@hasp/contracts';
import { useCaptions } from '../../../lib/i18n';
import { ApiRequestError } from '../../../lib/http';
import { useHangTag } from '../api/point-card';
import { heldByText, pointVerbs } from '../model/plan-steps';
import { pointStep, waitingTag } from '../model/point-step';
import { PointDetails } from './PointDetails';
import { PointFacts } from './PointFacts';
import { PointPhases } from './PointPhases';
import { PointLocks } from './PointLocks';
import { WholeIdentifiers } from '../../../components/WholeIdentifiers';
import classes from '../IsolationPlan.module.css';

interface PointCardProps {
  plan: IsolationPlan;
  point: PlanPoint;
  index: number;
  busy: boolean;
  onCommand: (verb: IsolationPlanVerb, body: IsolationPlanInput) => void;
}

export const stateColor: Record<PlanPoint['state'], string> = {
  pending: 'gray.8',
  isolated: 'yellow.5',
  verified: 'teal.9',
  test_released: 'red.9',
  released: 'blue.9',
  restored: 'blue.9',
};

/**
 * The guided card of one point: what to do now at it in OSHA 1910.147 (d) order (isolate → lock and
 * tag → release stored energy → try-out), what it isolates (energy, photo, place) and ONE primary
 * button for that step; its locks, tags and other buttons below.
 */
export function PointCard({ plan, point, index, busy, onCommand }: PointCardProps) {
  const t = useCaptions();
  const step = pointStep(plan, point);
  const held = heldByText(point, t);
  const headingId = `plan-point-${point.ID}`;
  return (
    <article className={classes.card} aria-labelledby={headingId}>
      <Text size="sm" fw={700}>
        {t(L.pointOf, { n: index + 1, total: plan.points.length })}
      </Text>
      <div className={classes.cardHead}>
        <h3 id={headingId} className={classes.code}>
          {point.code}
        </h3>
        <Badge size="lg" color={stateColor[point.state]} variant="filled" autoContrast>
          {t(planPointStateCaptions[point.state])}
        </Badge>
      </div>
      <p className={classes.location}>{point.location}</p>
      {step !== 'other' && <PointPhases plan={plan} point={point} />}
      <StepAction plan={plan} point={point} busy={busy} onCommand={onCommand} />
      {held && (
        <p className={classes.held}>
          <WholeIdentifiers text={held} />
        </p>
      )}
      <PointFacts point={point} />
      <PointDetails plan={plan} point={point} index={index} busy={busy} onCommand={onCommand} />
    </article>
  );
}

/** The step to do now at this point: what to do, in words, and its one primary button. */
function StepAction({ plan, point, busy, onCommand }: Omit<PointCardProps, 'index'>) {
  const t = useCaptions();
  const hang = useHangTag(plan.permitId);
  const step = pointStep(plan, point);
  const allowed = (verb: IsolationPlanVerb) => pointVerbs(plan, point).includes(verb);
  const tag = waitingTag(point);
  const hangError = hang.error instanceof ApiRequestError ? hang.error.message : null;
  switch (step) {
    case 'isolate':
      return (
        <div className={classes.doNow}>
          <p className={classes.doText}>
            <WholeIdentifiers
              text={
                point.isolatedPosition
                  ? t(L.doIsolate, { device: point.deviceType, position: point.isolatedPosition })
                  : t(L.doIsolateAnyPosition, { device: point.deviceType })
              }
            />
          </p>
          {allowed('isolate-point') && (
            <Button
              size="lg"
              fullWidth
              className={classes.primary}
              loading={busy}
              onClick={() => onCommand('isolate-point', { planPointId: point.ID })}
            >
              {t(isolationPlanVerbCaptions['isolate-point'])} {point.code}
            </Button>
          )}
        </div>
      );
    case 'lock-tag':
      return (
        <div className={classes.doNow}>
          <p className={classes.doText}>
            <WholeIdentifiers
              text={
                !point.lockable
                  ? t(L.doTagOnly, { number: tag?.number ?? '', code: point.code, measure: point.tagOnlyMeasure })
                  : tag
                    ? t(L.doLockTag, { code: point.code, number: tag.number })
                    : t(L.doLockOnly, { code: point.code })
              }
            />
          </p>
          {point.lockable ? (
            // The lock picker is the locks' own (which locks, scanning): the lock brings its tag.
            <PointLocks plan={plan} point={point} />
          ) : (
            tag && (
              <Button
                size="lg"
                fullWidth
                className={classes.primary}
                loading={hang.isPending}
                onClick={() => hang.mutate(tag.ID)}
              >
                {t(B.hangTag, { number: tag.number })}
              </Button>
            )
          )}
          {hangError && (
            <Alert color="red" role="alert" mt="xs">
              {hangError}
            </Alert>
          )}
        </div>
      );
    case 'release':
      return (
        <div className={classes.doNow}>
          <p className={classes.doText}>{t(L.doRelease)}</p>
          {plan.allowedVerbs.includes('release-stored-energy') && (
            <Button
              size="lg"
              fullWidth
              className={classes.primary}
              loading={busy}
              onClick={() => onCommand('release-stored-energy', {})}
            >
              {t(isolationPlanVerbCaptions['release-stored-energy'])}
            </Button>
          )}
        </div>
      );
    case 'try-out': {
      const verb = point.state === 'test_released' ? 're-verify' : 'verify-point';
      const method = point.verificationMethod.trim();
      const give = (outcome: 'pass' | 'fail') =>
        // The method comes from the plan: nothing to type with gloves on.
        onCommand(verb, { planPointId: point.ID, method: method || t(L.phaseTryOut), outcome });
      return (
        <div className={classes.doNow}>
          {point.tryOutFailed && (
            <Alert color="red" role="alert" mb="xs">
              {t(L.tryOutFailed)}
            </Alert>
          )}
          <p className={classes.doText}>
            <WholeIdentifiers text={method ? t(L.doTryOut, { method }) : t(L.doTryOutNoMethod)} />
          </p>
          {allowed(verb) && (
            <div className={classes.passFail}>
              <Button size="xl" color="teal.9" className={classes.primary} loading={busy} onClick={() => give('pass')}>
                {t(B.pass)}
              </Button>
              <Button size="xl" color="red.9" className={classes.primary} loading={busy} onClick={() => give('fail')}>
                {t(B.fail)}
              </Button>
            </div>
          )}
        </div>
      );
    }
    case 'done':
      return (
        <p className={classes.doText}>
          <WholeIdentifiers text={t(L.pointDone, { code: point.code })} />
        </p>
      );
    default:
      return null;
  }
}
