import { Alert, Button, NativeSelect } from '@mantine/core';
import { useState } from 'react';
import {
  holdingPlanPointStates,
  isolationPlanButtons as B,
  isolationPlanLabels as L,
  type IsolationPlan,
  type PlanPoint,
} from '@hasp/contracts';
import { useCaptions } from '../../../lib/i18n';
import { ApiRequestError } from '../../../lib/http';
import { useApplicableLocks, usePointLock } from '../api/point-locks';
import classes from '../IsolationPlan.module.css';

/**
 * A point's locks: apply one of the user's own (issued or available) locks while the point holds its
 * isolation, and remove a lock (the locks module lets only its applier do that).
 */
export function PointLocks({ plan, point }: { plan: IsolationPlan; point: PlanPoint }) {
  const t = useCaptions();
  const holding = holdingPlanPointStates.includes(point.state);
  const canApply = holding && point.lockable && plan.permitStatus !== 'closed';
  const locks = useApplicableLocks(plan.permitId, canApply);
  const mutation = usePointLock(plan.permitId);
  const [lockId, setLockId] = useState('');
  const error = mutation.error instanceof ApiRequestError ? mutation.error.message : null;
  if (!canApply && !point.locks.length) return null;
  return (
    <div>
      {point.locks.map((lock) => (
        <div key={lock.applicationId} className={classes.actions}>
          <Button
            size="md"
            variant="default"
            className={classes.touch}
            loading={mutation.isPending}
            onClick={() => mutation.mutate({ remove: { applicationId: lock.applicationId } })}
          >
            {t(B.removeLock, { serial: lock.serial })}
          </Button>
        </div>
      ))}
      {canApply && (locks.data?.length ?? 0) > 0 && (
        <form
          className={classes.actions}
          onSubmit={(event) => {
            event.preventDefault();
            if (lockId)
              mutation.mutate(
                { apply: { lockId: Number(lockId), planPointId: point.ID } },
                { onSuccess: () => setLockId('') },
              );
          }}
        >
          <NativeSelect
            label={t(L.lockFor, { code: point.code })}
            size="md"
            value={lockId}
            onChange={(e) => setLockId(e.currentTarget.value)}
            data={[
              { value: '', label: t(L.chooseLock) },
              ...(locks.data ?? []).map((l) => ({
                value: String(l.ID),
                label: t(l.status === 'issued' ? L.lockYours : L.lockAvailable, { serial: l.serial }),
              })),
            ]}
          />
          <Button type="submit" size="md" className={classes.touch} disabled={!lockId} loading={mutation.isPending}>
            {t(B.applyLock, { code: point.code })}
          </Button>
        </form>
      )}
      {error && (
        <Alert color="red" role="alert" mt="xs">
          {error}
        </Alert>
      )}
    </div>
  );
}
