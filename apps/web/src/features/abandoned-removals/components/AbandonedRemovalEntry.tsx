import { useState } from 'react';
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
import { useCandidates } from '../api/get-candidates';
import { RemovalWizard } from './RemovalWizard';
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
  const close = () => setOpened(null);
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
        className={classes.touch}
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
        {opened && <RemovalWizard permitId={permitId} candidates={opened} onClose={close} />}
      </Modal>
    </section>
  );
}
