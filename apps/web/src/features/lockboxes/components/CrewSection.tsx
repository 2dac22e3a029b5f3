import { Alert, Button, Loader, Select } from '@mantine/core';
import { useState } from 'react';
import type { LockboxCommand, LockboxView, Permit } from '@hasp/contracts';
import { PersonPicker } from '../../../components/PersonPicker';
import { useAuthState } from '../../../lib/auth-session';
import type { PickedPerson } from '../../../lib/people-lookup';
import { reasonOf } from '../../../lib/send-form';
import { useLockbox } from '../api/get-lockbox';
import { useLockboxCommand } from '../api/send-lockbox-command';
import classes from '../Lockboxes.module.css';
import { CrewList } from './CrewList';
import { when } from './when';

type Send = (verb: LockboxCommand, body?: object) => void;

/** The signed-in person's own step, first: sign on with their lock, or sign off. */
function MyStep({ view, send, pending }: { view: LockboxView; send: Send; pending: boolean }) {
  const [lockId, setLockId] = useState<string | null>(null);
  const { lockbox, mySignOn, myLocks, allowed, blocked } = view;
  if (!lockbox || lockbox.releasedAt) return null;
  if (mySignOn) {
    return (
      <section className={`${classes.card} ${classes.mine} ${classes.signedOn}`} aria-labelledby="crew-me">
        <h3 id="crew-me" className={classes.status}>
          You are signed on
        </h3>
        <p>
          Since {when(mySignOn.signedOnAt)} with lock {mySignOn.lock.serial}
          {mySignOn.tag && ` and tag ${mySignOn.tag.number}`}.
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
            Sign off
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
        You are not signed on
      </h3>
      {allowed.includes('sign-on') ? (
        myLocks.length === 0 ? (
          <Alert color="yellow" variant="light">
            You have no personal lock issued and none is available: take one from the lock board first.
          </Alert>
        ) : (
          <div className={classes.actions}>
            {myLocks.length > 1 ? (
              <Select
                label="My lock"
                size="lg"
                allowDeselect={false}
                data={myLocks.map((l) => ({ value: String(l.ID), label: l.serial }))}
                value={chosen}
                onChange={setLockId}
                comboboxProps={{ zIndex: 500 }}
              />
            ) : (
              <p>With lock {myLocks[0]!.serial}.</p>
            )}
            <Button
              fullWidth
              size="lg"
              className={classes.big}
              loading={pending}
              onClick={() => send('sign-on', { lockId: Number(chosen) })}
            >
              Sign on with my lock
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
  const steps = view.allowed.filter((c) => c === 'deposit-keys' || c === 'release');
  if (!view.lockbox || steps.length === 0) return null;
  return (
    <section className={classes.card} aria-labelledby="crew-primary">
      <h3 id="crew-primary" className={classes.title}>
        Primary authorized employee
      </h3>
      <div className={classes.actions}>
        {steps.includes('deposit-keys') && (
          <Button fullWidth size="md" className={classes.touch} loading={pending} onClick={() => send('deposit-keys')}>
            Keys are in lockbox {view.lockbox.number}
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
            Release lockbox {view.lockbox.number}
          </Button>
        )}
      </div>
    </section>
  );
}

/** Opening the permit's lockbox: its primary authorized employee (the signed-in person by default) and device. */
function OpenLockbox({ view, send, pending }: { view: LockboxView; send: Send; pending: boolean }) {
  const { session } = useAuthState();
  const me = session ? { ID: session.user.ID, displayName: session.user.displayName } : null;
  const [primary, setPrimary] = useState<PickedPerson | null>(me);
  const [device, setDevice] = useState<string | null>(null);
  return (
    <section className={`${classes.card} ${classes.mine}`} aria-labelledby="crew-open">
      <h3 id="crew-open" className={classes.title}>
        Open the group lockbox
      </h3>
      <div className={classes.actions}>
        <PersonPicker label="Primary authorized employee" required value={primary} onChange={setPrimary} />
        {view.devices.length > 0 && (
          <Select
            label="Lockbox device"
            placeholder="Not tracked in the lock inventory"
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
          Open lockbox
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
  const lockbox = useLockbox(permit.ID);
  const command = useLockboxCommand(permit.ID);
  if (lockbox.isPending) return <Loader aria-label="Loading the crew" />;
  if (lockbox.isError)
    return (
      <Alert color="red" variant="light" role="alert">
        The crew could not be loaded: {reasonOf(lockbox.error)}
      </Alert>
    );
  const view = lockbox.data;
  const send: Send = (verb, body = {}) =>
    command.mutate({
      verb,
      body,
      version: view.lockbox?.version ?? 0,
      idempotencyKey: crypto.randomUUID(),
    });
  const props = { view, send, pending: command.isPending };
  return (
    <div className={classes.section}>
      {command.isError && (
        <Alert color="red" variant="light" role="alert" title="Not done">
          {reasonOf(command.error)}
        </Alert>
      )}
      {!view.lockbox && view.allowed.includes('open') && <OpenLockbox {...props} />}
      {!view.lockbox && !view.allowed.includes('open') && (
        <section className={classes.card}>
          <p>
            No lockbox is open for this permit yet: the issuing authority opens one and names its primary authorized
            employee.
          </p>
        </section>
      )}
      <MyStep {...props} />
      <PrimarySteps {...props} />
      {view.lockbox?.releasedAt && view.allowed.includes('open') && <OpenLockbox {...props} />}
      {view.lockbox && <CrewList lockbox={view.lockbox} />}
    </div>
  );
}
