import { useState } from 'react';
import { Button, Modal, Text } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { abandonedRemovalPermission } from '@hasp/contracts';
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
  const [open, setOpen] = useState(false);
  const phone = useMediaQuery('(max-width: 48em)');
  if (!holds || !candidates.data?.length) return null;
  return (
    <section className={classes.entry} aria-label="Abandoned locks and tags">
      <Text mb="xs">
        {candidates.data.length === 1
          ? 'A lock or tag applied by someone else is still on this permit.'
          : `${candidates.data.length} locks or tags applied by others are still on this permit.`}{' '}
        If its applier has left the site, you may remove it under OSHA 1910.147 (e)(3).
      </Text>
      <Button variant="outline" color="orange" size="md" className={classes.touch} onClick={() => setOpen(true)}>
        Remove an abandoned lock or tag
      </Button>
      <Modal
        opened={open}
        onClose={() => setOpen(false)}
        title="Remove an abandoned lock or tag"
        fullScreen={phone}
        size="lg"
      >
        {open && <RemovalWizard permitId={permitId} candidates={candidates.data} onClose={() => setOpen(false)} />}
      </Modal>
    </section>
  );
}
