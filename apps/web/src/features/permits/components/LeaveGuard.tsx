import { Button, Group, Modal, Text } from '@mantine/core';
import { useContext, useEffect, useRef, useState } from 'react';
import { UNSAFE_NavigationContext, useLocation, useNavigate } from 'react-router';
import { permitsButtons, permitsLabels } from '@hasp/contracts';
import { useCaptions } from '../../../lib/i18n';
import {
  guardEntryState,
  holdNavigations,
  isGuardEntry,
  leavingPathOf,
  passLeaveGuard,
  popMeaning,
  type HeldNavigation,
} from '../model/leave-guard';
import classes from '../Permits.module.css';

/** The dialog was opened by the Back button rather than by a link. */
const BACK = Symbol('back');

/**
 * Asks before unsaved edits are lost: an in-app link or a navigation from code asks with a dialog of ours; closing or
 * reloading the tab asks with the browser's own question (its text cannot be set); the Back button
 * pops onto a guard entry's twin and asks with the same dialog (model/leave-guard.ts, decision 0035).
 */
export function LeaveGuard({ when }: { when: boolean }) {
  const t = useCaptions();
  const navigate = useNavigate();
  // Declarative mode: the browser history object itself, which navigate(), <Link> and <Navigate> push onto.
  const { navigator } = useContext(UNSAFE_NavigationContext);
  const { pathname } = useLocation();
  // Where the page is, for the navigator hold (read when a navigation comes, long after this render).
  const here = useRef(pathname);
  useEffect(() => {
    here.current = pathname;
  }, [pathname]);
  const [pending, setPending] = useState<string | HeldNavigation | typeof BACK | null>(null);
  // The user chose to leave by Back: the pop and any unload that follow are theirs, not to ask about.
  const leaving = useRef(false);
  // This page pushed the guard entry (only then does it take it away again).
  const pushed = useRef(false);
  // A removal's history.back() is under way; a guard wanted meanwhile is pushed once it has landed,
  // or the late pop would land on the new guard's twin instead.
  const removing = useRef(false);
  const afterRemoval = useRef<(() => void) | null>(null);
  const guardedHref = useRef('');

  const pushGuard = () => {
    guardedHref.current = window.location.href;
    // Already on one (a reload kept it, or StrictMode ran the effect twice): one is enough.
    if (!isGuardEntry(window.history.state)) {
      window.history.pushState(guardEntryState(window.history.state), '', window.location.href);
    }
    pushed.current = true;
  };

  useEffect(() => {
    if (!when) {
      // Clean again (saved, discarded): take the guard entry away if we are still on it, so Back
      // is one press again. Nothing listens for this pop, and the router sees the same location.
      if (pushed.current && !leaving.current && isGuardEntry(window.history.state)) {
        removing.current = true;
        window.addEventListener(
          'popstate',
          () => {
            removing.current = false;
            afterRemoval.current?.();
          },
          { once: true },
        );
        window.history.back();
      }
      pushed.current = false;
      return;
    }
    leaving.current = false;
    if (removing.current) afterRemoval.current = pushGuard;
    else pushGuard();

    const ask = (event: BeforeUnloadEvent) => {
      if (leaving.current) return;
      event.preventDefault();
      // Older browsers show the question only when returnValue is set.
      event.returnValue = '';
    };
    // Capture phase: before the router's own link handler navigates.
    const onClick = (event: MouseEvent) => {
      const path = leavingPathOf(event, window.location);
      if (path === null) return;
      event.preventDefault();
      event.stopPropagation();
      setPending(path);
    };
    const onPop = () => {
      if (removing.current || leaving.current) return;
      if (popMeaning(window.history.state, window.location.href, guardedHref.current) === 'ask') {
        pushed.current = false;
        setPending(BACK);
      }
    };
    const release = holdNavigations(navigator, () => here.current, setPending);
    window.addEventListener('beforeunload', ask);
    window.addEventListener('popstate', onPop);
    document.addEventListener('click', onClick, true);
    return () => {
      afterRemoval.current = null;
      release();
      window.removeEventListener('beforeunload', ask);
      window.removeEventListener('popstate', onPop);
      document.removeEventListener('click', onClick, true);
    };
  }, [when, navigator]);

  const stay = () => {
    // Back already took the guard entry: put it back for the next press.
    if (pending === BACK) pushGuard();
    setPending(null);
  };
  const leave = () => {
    const to = pending;
    setPending(null);
    if (to === BACK) {
      leaving.current = true;
      window.history.back();
    } else if (typeof to === 'string') {
      // The link's page takes the guard entry's place, so Back from there is not a dead press.
      void navigate(to, { replace: isGuardEntry(window.history.state), state: passLeaveGuard });
    } else if (to) {
      to.resume(isGuardEntry(window.history.state));
    }
  };

  return (
    <Modal
      opened={pending !== null}
      onClose={stay}
      title={t(permitsLabels.leaveTitle)}
      centered
      closeButtonProps={{ 'aria-label': t(permitsLabels.dismiss) }}
    >
      <Text>{t(permitsLabels.leaveText)}</Text>
      <Group mt="lg" justify="flex-end">
        <Button variant="default" size="md" className={classes.touch} onClick={stay}>
          {t(permitsButtons.stay)}
        </Button>
        <Button color="red" size="md" className={classes.touch} onClick={leave}>
          {t(permitsButtons.leave)}
        </Button>
      </Group>
    </Modal>
  );
}
