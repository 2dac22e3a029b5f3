import { Button, Group, Modal, Text } from '@mantine/core';
import { useEffect, useState } from 'react';
import { useNavigate } from 'react-router';
import { leavingPathOf } from '../model/leave-guard';
import classes from '../Permits.module.css';

/**
 * Asks before unsaved edits are lost: an in-app link asks with a dialog of ours; closing or
 * reloading the tab asks with the browser's own question (its text cannot be set).
 */
export function LeaveGuard({ when }: { when: boolean }) {
  const navigate = useNavigate();
  const [pending, setPending] = useState<string | null>(null);

  useEffect(() => {
    if (!when) return;
    const ask = (event: BeforeUnloadEvent) => {
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
    window.addEventListener('beforeunload', ask);
    document.addEventListener('click', onClick, true);
    return () => {
      window.removeEventListener('beforeunload', ask);
      document.removeEventListener('click', onClick, true);
    };
  }, [when]);

  return (
    <Modal
      opened={pending !== null}
      onClose={() => setPending(null)}
      title="Leave without saving?"
      centered
      closeButtonProps={{ 'aria-label': 'Dismiss' }}
    >
      <Text>Your changes to this permit are not saved. If you leave now they are lost.</Text>
      <Group mt="lg" justify="flex-end">
        <Button variant="default" size="md" className={classes.touch} onClick={() => setPending(null)}>
          Stay on this page
        </Button>
        <Button
          color="red"
          size="md"
          className={classes.touch}
          onClick={() => {
            const path = pending;
            setPending(null);
            if (path) void navigate(path);
          }}
        >
          Leave and lose changes
        </Button>
      </Group>
    </Modal>
  );
}
