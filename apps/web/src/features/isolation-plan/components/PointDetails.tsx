import { Button, Text } from '@mantine/core';
import {
  isolationPlanButtons as B,
  isolationPlanLabels as L,
  isolationPlanVerbCaptions,
  tagStateCaptions,
  type IsolationPlan,
  type IsolationPlanInput,
  type IsolationPlanVerb,
  type PlanPoint,
} from '@hasp/contracts';
import { useCaptions } from '../../../lib/i18n';
import { planTime, pointVerbs } from '../model/plan-steps';
import { pointStep } from '../model/point-step';
import { PointLocks } from './PointLocks';
import classes from '../IsolationPlan.module.css';

/** The step buttons the card's primary one does not cover (the card gives isolate and the try-out). */
const guided: readonly IsolationPlanVerb[] = ['isolate-point', 'verify-point', 're-verify'];

/**
 * A point's record below its card's step: its locks and tags (who, when, with which lock), its
 * try-out, and the buttons of the rest of the permit's life (remove, release for test, restore,
 * release, reorder).
 */
export function PointDetails({
  plan,
  point,
  index,
  busy,
  onCommand,
}: {
  plan: IsolationPlan;
  point: PlanPoint;
  index: number;
  busy: boolean;
  onCommand: (verb: IsolationPlanVerb, body: IsolationPlanInput) => void;
}) {
  const t = useCaptions();
  const verbs = pointVerbs(plan, point).filter((verb) => !guided.includes(verb));
  const canReorder = plan.allowedVerbs.includes('reorder');
  const ids = plan.points.map((p) => p.ID);
  const move = (delta: number) => {
    const next = [...ids];
    [next[index], next[index + delta]] = [next[index + delta]!, next[index]!];
    onCommand('reorder', { planPointIds: next });
  };
  return (
    <>
      {point.locks.length > 0 && (
        <ul className={classes.list} aria-label={t(L.locksOn, { code: point.code })}>
          {point.locks.map((lock) => (
            <li key={lock.applicationId}>
              {t(L.lockLine, { serial: lock.serial, name: lock.appliedBy.displayName, at: planTime(lock.appliedAt) })}
            </li>
          ))}
        </ul>
      )}
      {/* The locks' removal (and their picker outside the lock-and-tag step, e.g. a second crew lock). */}
      {pointStep(plan, point) !== 'lock-tag' && <PointLocks plan={plan} point={point} />}
      {point.tags.length > 0 && (
        <ul className={classes.list} aria-label={t(L.tagsOn, { code: point.code })}>
          {point.tags.map((tag) => (
            <li key={tag.ID}>
              {tag.appliedBy && tag.lockSerial
                ? t(L.tagWithLock, {
                    number: tag.number,
                    state: t(tagStateCaptions[tag.state]),
                    name: tag.appliedBy.displayName,
                    serial: tag.lockSerial,
                  })
                : tag.appliedBy
                  ? t(L.tagLineApplied, {
                      number: tag.number,
                      state: t(tagStateCaptions[tag.state]),
                      name: tag.appliedBy.displayName,
                    })
                  : t(L.tagLine, { number: tag.number, state: t(tagStateCaptions[tag.state]) })}
            </li>
          ))}
        </ul>
      )}
      {point.verified && (
        <Text size="sm" mt={4}>
          {t(L.verifiedBy, {
            name: point.verified.by.displayName,
            at: planTime(point.verified.at),
            method: point.verifyMethod ?? '',
            result: point.verifyResult ?? '',
          })}
        </Text>
      )}
      {(verbs.length > 0 || canReorder) && (
        <div className={classes.actions}>
          {verbs.map((verb, i) => (
            <Button
              key={verb}
              size="md"
              className={classes.touch}
              variant={verb === 'remove-point' ? 'outline' : i === 0 ? 'filled' : 'default'}
              color={verb === 'remove-point' ? 'red' : undefined}
              loading={busy}
              onClick={() => onCommand(verb, { planPointId: point.ID })}
            >
              {t(isolationPlanVerbCaptions[verb])} {point.code}
            </Button>
          ))}
          {canReorder && (
            <>
              <Button
                size="md"
                variant="default"
                className={classes.touch}
                disabled={index === 0 || busy}
                onClick={() => move(-1)}
                aria-label={t(L.moveUp, { code: point.code })}
              >
                {t(B.up)}
              </Button>
              <Button
                size="md"
                variant="default"
                className={classes.touch}
                disabled={index === ids.length - 1 || busy}
                onClick={() => move(1)}
                aria-label={t(L.moveDown, { code: point.code })}
              >
                {t(B.down)}
              </Button>
            </>
          )}
        </div>
      )}
    </>
  );
}
