import { Alert, Button, NativeSelect, Text } from '@mantine/core';
import { useState } from 'react';
import {
  assignedLocksButtons as B,
  assignedLocksLabels as L,
  lockAssignmentEndedStatuses,
  type IsolationPlan,
} from '@hasp/contracts';
import { useCaptions } from '../../../lib/i18n';
import { reasonIn } from '../../../lib/send-form';
import { useAssignableLocks, useAssignedLocks, useLockAssignment } from '../api/assigned-locks';
import classes from '../IsolationPlan.module.css';

/**
 * The permit's pool locks (decision 0114): what the lock cabinet handed this permit, and for its
 * issuer the assigning and releasing. The lock picker of every point lists these and the user's own
 * locks only; the server refuses any other pool lock.
 */
export function AssignedLocks({ plan }: { plan: IsolationPlan }) {
  const t = useCaptions();
  const ended = lockAssignmentEndedStatuses.includes(plan.permitStatus);
  const assigned = useAssignedLocks(plan.permitId);
  // Only whoever may issue permits of the type gets the free locks (403 for anyone else): they alone assign.
  const assignable = useAssignableLocks(plan.permitId, !ended);
  const mutation = useLockAssignment(plan.permitId);
  const [lockId, setLockId] = useState('');
  const issuer = assignable.isSuccess;
  const locks = assigned.data ?? [];
  if (!issuer && !locks.length) return null;

  return (
    <section aria-label={t(L.title)} className={classes.steps}>
      <Text fw={700}>{t(L.title)}</Text>
      <Text size="sm">{t(L.lead)}</Text>
      {locks.length === 0 && <Text size="sm">{t(L.none)}</Text>}
      <ul aria-label={t(L.title)} className={classes.steps}>
        {locks.map((lock) => (
          <li key={lock.ID} className={classes.assignedLock}>
            <span>{lock.status === 'in_use' ? t(L.onPoint, { serial: lock.serial }) : lock.serial}</span>
            {issuer && lock.status !== 'in_use' && (
              <Button
                size="md"
                variant="default"
                className={classes.touch}
                loading={mutation.isPending}
                onClick={() => mutation.mutate({ verb: 'unassign', lockId: lock.ID })}
              >
                {t(B.release, { serial: lock.serial })}
              </Button>
            )}
          </li>
        ))}
      </ul>
      {issuer && (assignable.data?.length ?? 0) === 0 && <Text size="sm">{t(L.noneFree)}</Text>}
      {issuer && (assignable.data?.length ?? 0) > 0 && (
        <form
          className={classes.actions}
          onSubmit={(event) => {
            event.preventDefault();
            if (lockId) mutation.mutate({ verb: 'assign', lockId: Number(lockId) }, { onSuccess: () => setLockId('') });
          }}
        >
          <NativeSelect
            label={t(L.chooseLock)}
            size="md"
            value={lockId}
            onChange={(e) => setLockId(e.currentTarget.value)}
            data={[
              { value: '', label: t(L.choose) },
              ...(assignable.data ?? []).map((l) => ({ value: String(l.ID), label: l.serial })),
            ]}
          />
          <Button type="submit" size="md" className={classes.touch} disabled={!lockId} loading={mutation.isPending}>
            {t(B.assign)}
          </Button>
        </form>
      )}
      {mutation.error && (
        <Alert color="red" role="alert" mt="xs">
          {reasonIn(mutation.error, t)}
        </Alert>
      )}
    </section>
  );
}
