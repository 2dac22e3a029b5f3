import { useEffect, useState } from 'react';
import { useSearchParams } from 'react-router';
import { Button, Modal, Text } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import {
  abandonedRemovalButtons as B,
  abandonedRemovalLabels as L,
  abandonedRemovalPermission,
  type AbandonedRemovalCandidate,
} from '@hasp/contracts';
import { useCaptions } from '../../../lib/i18n';
import { useSessionContext } from '../../../lib/session-context';
import { readPendingSigning, takePendingSigning } from '../../../lib/sso-signing';
import { useCandidates } from '../api/get-candidates';
import { RemovalWizard, type PendingRemoval, type ResumedRemoval } from './RemovalWizard';
import classes from '../AbandonedRemovals.module.css';

/**
 * On the permit page (app/ places it): for a holder of `loto:remove-abandoned`, when locks or tags
 * someone else applied are still on this permit, the way into the (e)(3) wizard. Nobody else sees
 * anything (and is never asked for the list: the server would refuse it).
 */
export function AbandonedRemovalEntry({ permitId }: { permitId: number }) {
  const t = useCaptions();
  const context = useSessionContext();
  const holds = context.data?.permissions.includes(abandonedRemovalPermission) ?? false;
  const candidates = useCandidates(permitId, holds);
  // The list as it was when the wizard opened: the removal refreshes it (empty once nothing of others
  // is left), and the wizard must stay to say what it did.
  const [opened, setOpened] = useState<AbandonedRemovalCandidate[] | null>(null);
  const phone = useMediaQuery('(max-width: 48em)');
  // Back from signing at the identity provider: the wizard reopens at its last step and sends it,
  // once (the token works once: closing the wizard ends the resumed signing).
  const resumed = useSigningReturn(permitId);
  const [resuming, setResuming] = useState(resumed !== null);
  if (resuming && !opened && candidates.data) setOpened(candidates.data);
  const close = () => {
    setOpened(null);
    setResuming(false);
  };
  if (!holds || (!opened && !candidates.data?.length)) return null;
  const count = opened?.length ?? candidates.data?.length ?? 0;
  return (
    <section className={classes.entry} aria-label={t(L.entryRegion)}>
      <Text mb="xs">
        {count === 1 ? t(L.entryOne) : t(L.entryMany, { count })} {t(L.entryWhy)}
      </Text>
      <Button
        variant="outline"
        color="orange"
        size="md"
        // Its label may be long in another language: it wraps inside the button at 390 px.
        classNames={{ root: `${classes.touch} ${classes.wrapping}`, label: classes.wrappingLabel }}
        onClick={() => setOpened(candidates.data ?? [])}
      >
        {t(B.open)}
      </Button>
      <Modal
        opened={opened !== null}
        onClose={close}
        title={t(L.wizardTitle)}
        fullScreen={phone}
        size="lg"
        // xl is Mantine's 44 px close button: the full-screen wizard is used one-handed on a phone.
        closeButtonProps={{ 'aria-label': t(B.close), size: 'xl' }}
      >
        {opened && (
          <RemovalWizard
            permitId={permitId}
            candidates={opened}
            onClose={close}
            resumed={resuming ? (resumed ?? undefined) : undefined}
          />
        )}
      </Modal>
    </section>
  );
}

/**
 * The permit page came back from the identity provider with the removal's signing
 * (`?signing=<token>&signingVerb=abandoned-removal`): the token leaves the address at once (it works
 * once) and, with the answers kept before leaving, resumes the wizard. A refusal there
 * (`?signingRefused=`) is shown by the permit page, as for the permit's own verbs.
 */
function useSigningReturn(permitId: number): ResumedRemoval | null {
  const [params, setParams] = useSearchParams();
  const [resumed] = useState(() => resumedFrom(params, readPendingSigning(permitId) as Partial<PendingRemoval>));
  useEffect(() => {
    if (params.get('signingVerb') !== 'abandoned-removal') return;
    takePendingSigning(permitId);
    setParams(
      (current) => {
        current.delete('signing');
        current.delete('signingVerb');
        return current;
      },
      // The same page: no leave guard holds it, and no loading overlay for it.
      { replace: true, state: { skipLoader: true } },
    );
  }, [params, setParams, permitId]);
  return resumed;
}

/** The removal's signing the address came back with, and the answers kept for it (none: not one). */
function resumedFrom(params: URLSearchParams, pending: Partial<PendingRemoval>): ResumedRemoval | null {
  const token = params.get('signing');
  if (params.get('signingVerb') !== 'abandoned-removal' || !token) return null;
  const { chosenKey, attempts, reason, idempotencyKey } = pending;
  if (!chosenKey || !attempts || reason === undefined || !idempotencyKey) return null;
  return { chosenKey, attempts, reason, idempotencyKey, signingIntent: token };
}
