import { useEffect, useRef } from 'react';
import { Alert, Button, Group, Stack, Text, Title } from '@mantine/core';
import {
  abandonedRemovalButtons as B,
  abandonedRemovalLabels as L,
  abandonedRemovalMessages as M,
  type AbandonedRemoval,
} from '@hasp/contracts';
import { useCaptions } from '../../../lib/i18n';
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
  const t = useCaptions();
  const acknowledge = useAcknowledgeRemoval();
  const removal = removals[0]!;
  const heading = useRef<HTMLHeadingElement>(null);
  // Each removal's screen starts at its heading, for screen readers and keyboards too.
  useEffect(() => heading.current?.focus(), [removal.ID]);

  return (
    <main className={classes.screen} aria-labelledby="abandoned-removal-title">
      <Stack gap="md">
        <Title order={1} id="abandoned-removal-title" ref={heading} tabIndex={-1} size="h2">
          {t(L.ackTitle)}
        </Title>
        <Text>
          {t(L.ackLead)}
          {removals.length > 1 && ` ${t(L.ackWaiting, { count: removals.length })}`}
        </Text>
        <section className={classes.card} aria-labelledby="abandoned-removal-what">
          <h2 id="abandoned-removal-what" className={classes.what}>
            {removedWhat(removal, t)}
          </h2>
          <div className={classes.point}>{whereWas(removal, t)}</div>
          <dl className={classes.facts}>
            <dt>{t(L.permit)}</dt>
            <dd>
              {removal.permit.number} {removal.permit.title}
            </dd>
            <dt>{t(L.removedBy)}</dt>
            <dd>{removal.supervisor.displayName}</dd>
            <dt>{t(L.removedWhen)}</dt>
            <dd>{formatWhen(removal.removedAt)}</dd>
            <dt>{t(L.why)}</dt>
            <dd>{removal.reason}</dd>
            <dt>{t(L.attemptsToReachYou)}</dt>
            <dd>
              <ul style={{ margin: 0, paddingLeft: '1.25rem' }}>
                {removal.attempts.map((a, index) => (
                  <li key={index}>{attemptLine(a, t)}</li>
                ))}
              </ul>
            </dd>
          </dl>
        </section>
        {acknowledge.isError && (
          <Alert color="red" variant="light" role="alert">
            {t(M.notRecorded, { reason: reasonOf(acknowledge.error) })}
          </Alert>
        )}
        <Group justify="space-between" wrap="wrap-reverse" gap="sm">
          <Button variant="subtle" size="md" className={classes.touch} onClick={onSignOut}>
            {t(B.signOut)}
          </Button>
          <Button
            size="lg"
            className={classes.touch}
            loading={acknowledge.isPending}
            onClick={() => acknowledge.mutate(removal.ID)}
          >
            {t(B.acknowledge)}
          </Button>
        </Group>
      </Stack>
    </main>
  );
}
