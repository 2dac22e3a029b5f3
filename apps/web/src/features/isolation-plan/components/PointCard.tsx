import { Badge, Button, Text, TextInput, Textarea } from '@mantine/core';
import { useState } from 'react';
import {
  isolationPlanVerbLabels,
  planPointStateLabels,
  tagStateLabels,
  type IsolationPlan,
  type IsolationPlanInput,
  type IsolationPlanVerb,
  type PlanPoint,
} from '@hasp/contracts';
import { heldByText, pointVerbs } from '../model/plan-steps';
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
  const [verifying, setVerifying] = useState<'verify-point' | 're-verify' | null>(null);
  const [method, setMethod] = useState(point.verificationMethod);
  const [result, setResult] = useState('');
  const verbs = pointVerbs(plan, point);
  const held = heldByText(point);
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
        {planPointStateLabels[point.state]}
      </Badge>
      <Text size="sm" mt={4}>
        {point.asset.number} · {point.component.number} {point.component.name} · {point.deviceType}
        {point.isolatedPosition ? ` · isolated position: ${point.isolatedPosition}` : ''}
      </Text>
      {!point.lockable && <Text size="sm">Tag only: {point.tagOnlyMeasure || 'no lock fits this point'}</Text>}
      {held && <p className={classes.held}>{held}</p>}
      {point.locks.length > 0 && (
        <ul className={classes.list} aria-label={`Locks on ${point.code}`}>
          {point.locks.map((lock) => (
            <li key={lock.applicationId}>
              Lock {lock.serial} (applied by {lock.appliedBy.displayName})
            </li>
          ))}
        </ul>
      )}
      <PointLocks plan={plan} point={point} />
      {point.tags.length > 0 && (
        <ul className={classes.list} aria-label={`Tags on ${point.code}`}>
          {point.tags.map((tag) => (
            <li key={tag.ID}>
              Tag {tag.number}: {tagStateLabels[tag.state]}
              {tag.appliedBy ? ` (applied by ${tag.appliedBy.displayName})` : ''}
            </li>
          ))}
        </ul>
      )}
      {point.verified && (
        <Text size="sm" mt={4}>
          Verified by {point.verified.by.displayName}: {point.verifyMethod} — {point.verifyResult}
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
            label="Verification method"
            value={method}
            onChange={(e) => setMethod(e.currentTarget.value)}
            required
            size="md"
          />
          <Textarea
            label="Result"
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
              Record verification of {point.code}
            </Button>
            <Button variant="default" size="md" className={classes.touch} onClick={() => setVerifying(null)}>
              Back
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
              {isolationPlanVerbLabels[verb]} {point.code}
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
                aria-label={`Move ${point.code} up`}
              >
                Up
              </Button>
              <Button
                size="md"
                variant="default"
                className={classes.touch}
                disabled={index === ids.length - 1 || busy}
                onClick={() => move(1)}
                aria-label={`Move ${point.code} down`}
              >
                Down
              </Button>
            </>
          )}
        </div>
      )}
    </article>
  );
}
