import { Badge, Button, Text, TextInput, Textarea } from '@mantine/core';
import { useState } from 'react';
import {
  isolationPlanButtons as B,
  isolationPlanLabels as L,
  isolationPlanVerbCaptions,
  planPointStateCaptions,
  tagStateCaptions,
  type IsolationPlan,
  type IsolationPlanInput,
  type IsolationPlanVerb,
  type PlanPoint,
} from '@hasp/contracts';
import { useCaptions } from '../../../lib/i18n';
import { heldByText, planTime, pointVerbs } from '../model/plan-steps';
import { PointLocks } from './PointLocks';
import classes from '../IsolationPlan.module.css';

interface PointCardProps {
  plan: IsolationPlan;
  point: PlanPoint;
  index: number;
  busy: boolean;
  onCommand: (verb: IsolationPlanVerb, body: IsolationPlanInput) => void;
}

const stateColor: Record<PlanPoint['state'], string> = {
  pending: 'gray.8',
  isolated: 'yellow.5',
  verified: 'teal.9',
  test_released: 'red.9',
  released: 'blue.9',
  restored: 'blue.9',
};

/** One point: its code and location in large type, state, who holds it, its locks and tags, and its next action. */
export function PointCard({ plan, point, index, busy, onCommand }: PointCardProps) {
  const t = useCaptions();
  const [verifying, setVerifying] = useState<'verify-point' | 're-verify' | null>(null);
  const [method, setMethod] = useState(point.verificationMethod);
  const [result, setResult] = useState('');
  const verbs = pointVerbs(plan, point);
  const held = heldByText(point, t);
  const canReorder = plan.allowedVerbs.includes('reorder');
  const ids = plan.points.map((p) => p.ID);
  const move = (delta: number) => {
    const next = [...ids];
    [next[index], next[index + delta]] = [next[index + delta]!, next[index]!];
    onCommand('reorder', { planPointIds: next });
  };
  const headingId = `plan-point-${point.ID}`;
  return (
    <article className={classes.card} aria-labelledby={headingId}>
      <h3 id={headingId} className={classes.code}>
        {point.code}
      </h3>
      <p className={classes.location}>{point.location}</p>
      <Badge size="lg" color={stateColor[point.state]} variant="filled" autoContrast>
        {t(planPointStateCaptions[point.state])}
      </Badge>
      <Text size="sm" mt={4}>
        {point.asset.number} · {point.component.number} {point.component.name} · {point.deviceType}
        {point.isolatedPosition ? ` · ${t(L.isolatedPosition, { position: point.isolatedPosition })}` : ''}
      </Text>
      {!point.lockable && <Text size="sm">{t(L.tagOnly, { measure: point.tagOnlyMeasure || t(L.noLockFits) })}</Text>}
      {held && <p className={classes.held}>{held}</p>}
      {point.locks.length > 0 && (
        <ul className={classes.list} aria-label={t(L.locksOn, { code: point.code })}>
          {point.locks.map((lock) => (
            <li key={lock.applicationId}>
              {t(L.lockLine, { serial: lock.serial, name: lock.appliedBy.displayName, at: planTime(lock.appliedAt) })}
            </li>
          ))}
        </ul>
      )}
      <PointLocks plan={plan} point={point} />
      {point.tags.length > 0 && (
        <ul className={classes.list} aria-label={t(L.tagsOn, { code: point.code })}>
          {point.tags.map((tag) => (
            <li key={tag.ID}>
              {tag.appliedBy
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
      {verifying ? (
        <form
          onSubmit={(event) => {
            event.preventDefault();
            onCommand(verifying, { planPointId: point.ID, method, result });
          }}
        >
          <TextInput
            label={t(L.verificationMethod)}
            value={method}
            onChange={(e) => setMethod(e.currentTarget.value)}
            required
            size="md"
          />
          <Textarea
            label={t(L.result)}
            value={result}
            onChange={(e) => setResult(e.currentTarget.value)}
            required
            size="md"
            autosize
            minRows={2}
          />
          <div className={classes.actions}>
            <Button
              type="submit"
              size="md"
              className={classes.touch}
              loading={busy}
              disabled={!method.trim() || !result.trim()}
            >
              {t(B.recordVerification, { code: point.code })}
            </Button>
            <Button variant="default" size="md" className={classes.touch} onClick={() => setVerifying(null)}>
              {t(B.back)}
            </Button>
          </div>
        </form>
      ) : (
        <div className={classes.actions}>
          {verbs.map((verb, i) => (
            <Button
              key={verb}
              size={i === 0 ? 'lg' : 'md'}
              className={classes.touch}
              variant={verb === 'remove-point' ? 'outline' : i === 0 ? 'filled' : 'default'}
              color={verb === 'remove-point' ? 'red' : undefined}
              loading={busy}
              onClick={() =>
                verb === 'verify-point' || verb === 're-verify'
                  ? setVerifying(verb)
                  : onCommand(verb, { planPointId: point.ID })
              }
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
    </article>
  );
}
