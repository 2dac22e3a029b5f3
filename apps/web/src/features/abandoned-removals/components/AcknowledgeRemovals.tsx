import { useEffect, useRef } from 'react';
import { Alert, Button, Group, Stack, Text, Title } from '@mantine/core';
import type { AbandonedRemoval } from '@hasp/contracts';
import { reasonOf } from '../../../lib/send-form';
import { useAcknowledgeRemoval } from '../api/acknowledge-removal';
import { attemptLine, formatWhen, removedWhat, whereWas } from '../model/describe';
import classes from '../AbandonedRemovals.module.css';

/**
 * OSHA 1910.147 (e)(3)(iii): the applier learns, before anything else, that a supervisor removed
 * their lock or tag while they were away — what, where, who, when, why, and how they tried to reach
 * them — and says so with "I acknowledge", one removal at a time (the oldest first).
 */
export function AcknowledgeRemovals({
  removals,
  onSignOut,
}: {
  removals: AbandonedRemoval[];
  /** Someone else on a shared device leaves without acknowledging for the applier. */
  onSignOut: () => void;
}) {
  const acknowledge = useAcknowledgeRemoval();
  const removal = removals[0]!;
  const heading = useRef<HTMLHeadingElement>(null);
  // Each removal's screen starts at its heading, for screen readers and keyboards too.
  useEffect(() => heading.current?.focus(), [removal.ID]);

  return (
    <main className={classes.screen} aria-labelledby="abandoned-removal-title">
      <Stack gap="md">
        <Title order={1} id="abandoned-removal-title" ref={heading} tabIndex={-1} size="h2">
          Your lock or tag was removed while you were away
        </Title>
        <Text>
          A supervisor removed it under OSHA 1910.147 (e)(3). Read what happened and acknowledge it before you continue.
          {removals.length > 1 && ` ${removals.length} removals wait for you; this is the oldest.`}
        </Text>
        <section className={classes.card} aria-labelledby="abandoned-removal-what">
          <h2 id="abandoned-removal-what" className={classes.what}>
            {removedWhat(removal)}
          </h2>
          <div className={classes.point}>{whereWas(removal)}</div>
          <dl className={classes.facts}>
            <dt>Permit</dt>
            <dd>
              {removal.permit.number} {removal.permit.title}
            </dd>
            <dt>Removed by</dt>
            <dd>{removal.supervisor.displayName}</dd>
            <dt>When</dt>
            <dd>{formatWhen(removal.removedAt)}</dd>
            <dt>Why</dt>
            <dd>{removal.reason}</dd>
            <dt>Attempts to reach you</dt>
            <dd>
              <ul style={{ margin: 0, paddingLeft: '1.25rem' }}>
                {removal.attempts.map((a, index) => (
                  <li key={index}>{attemptLine(a)}</li>
                ))}
              </ul>
            </dd>
          </dl>
        </section>
        {acknowledge.isError && (
          <Alert color="red" variant="light" role="alert">
            Not recorded: {reasonOf(acknowledge.error)}
          </Alert>
        )}
        <Group justify="space-between" wrap="wrap-reverse" gap="sm">
          <Button variant="subtle" size="md" className={classes.touch} onClick={onSignOut}>
            Sign out
          </Button>
          <Button
            size="lg"
            className={classes.touch}
            loading={acknowledge.isPending}
            onClick={() => acknowledge.mutate(removal.ID)}
          >
            I acknowledge
          </Button>
        </Group>
      </Stack>
    </main>
  );
}
