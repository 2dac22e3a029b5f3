import { Alert, Button, NativeSelect } from '@mantine/core';
import { useState } from 'react';
import {
  holdingPlanPointStates,
  isolationPlanButtons as B,
  isolationPlanLabels as L,
  lockScanButtons as SB,
  lockScanLabels as SL,
  pickScannedLock,
  type Caption,
  type IsolationPlan,
  type PlanPoint,
} from '@hasp/contracts';
import { useAuthState } from '../../../lib/auth-session';
import { useCaptions } from '../../../lib/i18n';
import { ApiRequestError } from '../../../lib/http';
import { reasonIn } from '../../../lib/send-form';
import { useApplicableLocks, usePointLock } from '../api/point-locks';
import classes from '../IsolationPlan.module.css';
import { ScanLockModal } from './ScanLockModal';
import { SecondLockConfirm } from './SecondLockConfirm';

type Notice = { caption: Caption; serial?: string; ok?: boolean };

/**
 * A point's locks: apply one of the user's locks while the point holds its isolation — chosen from
 * the list or picked by scanning its QR label — and remove a lock (only its applier may). A second
 * lock of the same person on the point is asked for first; the server refuses a third.
 */
export function PointLocks({ plan, point }: { plan: IsolationPlan; point: PlanPoint }) {
  const t = useCaptions();
  const { session } = useAuthState();
  const holding = holdingPlanPointStates.includes(point.state);
  const canApply = holding && point.lockable && plan.permitStatus !== 'closed';
  const locks = useApplicableLocks(plan.permitId, canApply);
  const mutation = usePointLock(plan.permitId);
  const [lockId, setLockId] = useState('');
  const [scanning, setScanning] = useState(false);
  const [askSecond, setAskSecond] = useState(false);
  const [notice, setNotice] = useState<Notice | null>(null);
  // A refusal of the shared lock rules (not assigned to this permit, someone else's) in the reader's words.
  const error = mutation.error instanceof ApiRequestError ? reasonIn(mutation.error, t) : null;
  if (!canApply && !point.locks.length) return null;

  const mine = point.locks.filter((l) => l.appliedBy.ID === session?.user.ID);
  const apply = (secondLock: boolean) => {
    setNotice(null);
    mutation.mutate(
      { apply: { lockId: Number(lockId), planPointId: point.ID, ...(secondLock ? { secondLock } : {}) } },
      {
        onSuccess: () => setLockId(''),
        onSettled: () => setAskSecond(false),
      },
    );
  };
  const scanned = (text: string) => {
    setScanning(false);
    const pick = pickScannedLock(text, session?.facility.ID ?? 0, locks.data ?? []);
    if ('lock' in pick) {
      setLockId(String(pick.lock.ID));
      setNotice({ caption: SL.picked, serial: pick.lock.serial, ok: true });
      return;
    }
    const captions = {
      'not-a-label': SL.notALabel,
      'other-facility': SL.otherFacility,
      'not-applicable': SL.notApplicable,
    };
    setNotice({ caption: captions[pick.refusal], serial: 'serial' in pick ? pick.serial : undefined });
  };

  return (
    <div>
      {/* Only the applier removes a lock (the locks module refuses anyone else): others' locks get no button to be refused by. */}
      {mine.map((lock) => (
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
      {canApply && locks.data && (
        <form
          className={classes.actions}
          onSubmit={(event) => {
            event.preventDefault();
            if (!lockId) return;
            // One lock of a person on a point is the rule; a second is theirs to confirm (a third the server refuses).
            if (mine.length === 1) setAskSecond(true);
            else apply(false);
          }}
        >
          {locks.data.length > 0 && (
            <NativeSelect
              label={t(L.lockFor, { code: point.code })}
              size="md"
              value={lockId}
              onChange={(e) => {
                setLockId(e.currentTarget.value);
                setNotice(null);
              }}
              data={[
                { value: '', label: t(L.chooseLock) },
                ...locks.data.map((l) => ({
                  value: String(l.ID),
                  label: t(l.status === 'issued' ? L.lockYours : L.lockAvailable, { serial: l.serial }),
                })),
              ]}
            />
          )}
          <Button
            type="button"
            size="md"
            variant="default"
            className={classes.touch}
            onClick={() => {
              setNotice(null);
              setScanning(true);
            }}
          >
            {t(SB.scan)}
          </Button>
          {locks.data.length > 0 && (
            <Button type="submit" size="md" className={classes.touch} disabled={!lockId} loading={mutation.isPending}>
              {t(B.applyLock, { code: point.code })}
            </Button>
          )}
        </form>
      )}
      {notice && (
        <Alert color={notice.ok ? 'green' : 'red'} role={notice.ok ? 'status' : 'alert'} mt="xs">
          {t(notice.caption, { serial: notice.serial ?? '' })}
        </Alert>
      )}
      {error && (
        <Alert color="red" role="alert" mt="xs">
          {error}
        </Alert>
      )}
      {scanning && (
        <ScanLockModal
          onText={scanned}
          onCameraProblem={(caption) => {
            setScanning(false);
            setNotice({ caption });
          }}
          onCancel={() => setScanning(false)}
        />
      )}
      {askSecond && mine[0] && (
        <SecondLockConfirm
          serial={mine[0].serial}
          pending={mutation.isPending}
          onConfirm={() => apply(true)}
          onCancel={() => setAskSecond(false)}
        />
      )}
    </div>
  );
}
