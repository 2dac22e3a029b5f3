import { Alert, Button, Loader, Select } from '@mantine/core';
import { useState } from 'react';
import {
  crewButtons as B,
  crewLabels as L,
  type LockboxCommand,
  type LockboxView,
  type Permit,
  sayIn,
} from '@hasp/contracts';
import { PersonPicker } from '../../../components/PersonPicker';
import { useAuthState } from '../../../lib/auth-session';
import { useCaptions } from '../../../lib/i18n';
import type { PickedPerson } from '../../../lib/people-lookup';
import { reasonIn, reasonOf } from '../../../lib/send-form';
import { useLockbox } from '../api/get-lockbox';
import { useLockboxCommand } from '../api/send-lockbox-command';
import classes from '../Lockboxes.module.css';
import { CrewList } from './CrewList';
import { when } from './when';

type Send = (verb: LockboxCommand, body?: object) => void;

/** The signed-in person's own step, first: sign on with their lock, or sign off. */
function MyStep({ view, send, pending }: { view: LockboxView; send: Send; pending: boolean }) {
  const t = useCaptions();
  const [lockId, setLockId] = useState<string | null>(null);
  const { lockbox, mySignOn, myLocks, allowed } = view;
  const blocked = view.blocked && sayIn(view.blockedSaid, view.blocked, t);
  if (!lockbox || lockbox.releasedAt) return null;
  if (mySignOn) {
    return (
      <section className={`${classes.card} ${classes.mine} ${classes.signedOn}`} aria-labelledby="crew-me">
        <h3 id="crew-me" className={classes.status}>
          {t(L.signedOnTitle)}
        </h3>
        <p>
          {mySignOn.tag
            ? t(L.signedOnSinceTag, {
                at: when(mySignOn.signedOnAt),
                serial: mySignOn.lock.serial,
                number: mySignOn.tag.number,
              })
            : t(L.signedOnSince, { at: when(mySignOn.signedOnAt), serial: mySignOn.lock.serial })}
        </p>
        {allowed.includes('sign-off') ? (
          <Button
            fullWidth
            size="lg"
            color="red"
            className={classes.big}
            loading={pending}
            onClick={() => send('sign-off', { applicationId: mySignOn.applicationId })}
          >
            {t(B.signOff)}
          </Button>
        ) : (
          blocked && (
            <Alert color="yellow" variant="light">
              {blocked}
            </Alert>
          )
        )}
      </section>
    );
  }
  const chosen = lockId ?? (myLocks[0] ? String(myLocks[0].ID) : null);
  return (
    <section className={`${classes.card} ${classes.mine}`} aria-labelledby="crew-me">
      <h3 id="crew-me" className={classes.status}>
        {t(L.notSignedOnTitle)}
      </h3>
      {allowed.includes('sign-on') ? (
        myLocks.length === 0 ? (
          <Alert color="yellow" variant="light">
            {t(L.noLock)}
          </Alert>
        ) : (
          <div className={classes.actions}>
            {myLocks.length > 1 ? (
              <Select
                label={t(L.myLock)}
                size="lg"
                allowDeselect={false}
                data={myLocks.map((l) => ({ value: String(l.ID), label: l.serial }))}
                value={chosen}
                onChange={setLockId}
                comboboxProps={{ zIndex: 500 }}
              />
            ) : (
              <p>{t(L.withLock, { serial: myLocks[0]!.serial })}</p>
            )}
            <Button
              fullWidth
              size="lg"
              className={classes.big}
              loading={pending}
              onClick={() => send('sign-on', { lockId: Number(chosen) })}
            >
              {t(B.signOn)}
            </Button>
          </div>
        )
      ) : (
        blocked && (
          <Alert color="yellow" variant="light">
            {blocked}
          </Alert>
        )
      )}
    </section>
  );
}

/** The primary authorized employee's steps: the keys are in the box; the box is released. */
function PrimarySteps({ view, send, pending }: { view: LockboxView; send: Send; pending: boolean }) {
  const t = useCaptions();
  const steps = view.allowed.filter((c) => c === 'deposit-keys' || c === 'release');
  if (!view.lockbox || steps.length === 0) return null;
  return (
    <section className={classes.card} aria-labelledby="crew-primary">
      <h3 id="crew-primary" className={classes.title}>
        {t(L.primaryTitle)}
      </h3>
      <div className={classes.actions}>
        {steps.includes('deposit-keys') && (
          <Button fullWidth size="md" className={classes.touch} loading={pending} onClick={() => send('deposit-keys')}>
            {t(B.depositKeys, { number: view.lockbox.number })}
          </Button>
        )}
        {steps.includes('release') && (
          <Button
            fullWidth
            size="md"
            variant="outline"
            className={classes.touch}
            loading={pending}
            onClick={() => send('release')}
          >
            {t(B.release, { number: view.lockbox.number })}
          </Button>
        )}
      </div>
    </section>
  );
}

/** Opening the permit's lockbox: its primary authorized employee (the signed-in person by default) and device. */
function OpenLockbox({ view, send, pending }: { view: LockboxView; send: Send; pending: boolean }) {
  const t = useCaptions();
  const { session } = useAuthState();
  const me = session ? { ID: session.user.ID, displayName: session.user.displayName } : null;
  const [primary, setPrimary] = useState<PickedPerson | null>(me);
  const [device, setDevice] = useState<string | null>(null);
  return (
    <section className={`${classes.card} ${classes.mine}`} aria-labelledby="crew-open">
      <h3 id="crew-open" className={classes.title}>
        {t(L.openTitle)}
      </h3>
      <div className={classes.actions}>
        <PersonPicker label={t(L.primaryTitle)} required value={primary} onChange={setPrimary} />
        {view.devices.length > 0 && (
          <Select
            label={t(L.device)}
            placeholder={t(L.notTracked)}
            clearable
            size="md"
            data={view.devices.map((d) => ({ value: String(d.ID), label: d.serial }))}
            value={device}
            onChange={setDevice}
            comboboxProps={{ zIndex: 500 }}
          />
        )}
        <Button
          fullWidth
          size="lg"
          className={classes.big}
          disabled={!primary}
          loading={pending}
          onClick={() => send('open', { primaryUserId: primary!.ID, lockId: device ? Number(device) : null })}
        >
          {t(B.open)}
        </Button>
      </div>
    </section>
  );
}

/**
 * The permit page's Crew section (OSHA 1910.147 (f)(3)–(f)(4)): the caller's own sign-on or sign-off
 * first, then the primary authorized employee's steps, then who is protected right now and who was.
 */
export function CrewSection({ permit }: { permit: Permit }) {
  const t = useCaptions();
  const lockbox = useLockbox(permit.ID);
  const command = useLockboxCommand(permit.ID);
  if (lockbox.isPending) return <Loader aria-label={t(L.loading)} />;
  if (lockbox.isError)
    return (
      <Alert color="red" variant="light" role="alert">
        {t(L.loadFailed, { reason: reasonOf(lockbox.error) })}
      </Alert>
    );
  const view = lockbox.data;
  const send: Send = (verb, body = {}) => {
    const version = view.lockbox?.version ?? 0;
    // One key per user action (useCommand): signing on again after a lost answer is the same sign-on.
    command.mutate({ verb, body, version });
  };
  const props = { view, send, pending: command.isPending };
  return (
    <div className={classes.section}>
      {command.isError && (
        <Alert color="red" variant="light" role="alert" title={t(L.notDone)}>
          {reasonIn(command.error, t)}
        </Alert>
      )}
      {!view.lockbox && view.allowed.includes('open') && <OpenLockbox {...props} />}
      {!view.lockbox && !view.allowed.includes('open') && (
        <section className={classes.card}>
          <p>{t(L.noLockbox)}</p>
        </section>
      )}
      <MyStep {...props} />
      <PrimarySteps {...props} />
      {view.lockbox?.releasedAt && view.allowed.includes('open') && <OpenLockbox {...props} />}
      {view.lockbox && <CrewList lockbox={view.lockbox} />}
    </div>
  );
}
