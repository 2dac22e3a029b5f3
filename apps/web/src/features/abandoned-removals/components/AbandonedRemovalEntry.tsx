import { useState } from 'react';
import { Button, Modal, Text } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { abandonedRemovalPermission, type AbandonedRemovalCandidate } from '@hasp/contracts';
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
    <section className={classes.entry} aria-label="Abandoned locks and tags">
      <Text mb="xs">
        {count === 1
          ? 'A lock or tag applied by someone else is still on this permit.'
          : `${count} locks or tags applied by others are still on this permit.`}{' '}
        If its applier has left the site, you may remove it under OSHA 1910.147 (e)(3).
      </Text>
      <Button
        variant="outline"
        color="orange"
        size="md"
        className={classes.touch}
        onClick={() => setOpened(candidates.data ?? [])}
      >
        Remove an abandoned lock or tag
      </Button>
      <Modal
        opened={opened !== null}
        onClose={close}
        title="Remove an abandoned lock or tag"
        fullScreen={phone}
        size="lg"
        // xl is Mantine's 44 px close button: the full-screen wizard is used one-handed on a phone.
        closeButtonProps={{ 'aria-label': 'Close', size: 'xl' }}
      >
        {opened && <RemovalWizard permitId={permitId} candidates={opened} onClose={close} />}
      </Modal>
    </section>
  );
}
