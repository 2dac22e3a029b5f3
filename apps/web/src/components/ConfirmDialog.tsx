import { Alert, Button, Group, Modal, Stack, Text } from '@mantine/core';
import classes from './FormDialog.module.css';

interface ConfirmDialogProps {
  title: string;
  /** What will happen, in the feature's words (a sentence naming the record). */
  message: string;
  /** The screen's own captions (each feature has its translated words). */
  confirmLabel: string;
  cancelLabel: string;
  closeLabel: string;
  /** The action cannot be undone (delete, revoke): the button is red. */
  danger?: boolean;
  pending: boolean;
  /** A refusal (a stale version, a record gone meanwhile): shown in the dialog, which stays open. */
  problem?: string | null;
  onConfirm: () => void;
  onClose: () => void;
}

/**
 * The app's own confirmation (never `window.confirm`: it is not translated, not styled, blocks the
 * page and cannot show a refusal). Cancel and the action at the thumb, 44 px high.
 */
export function ConfirmDialog(props: ConfirmDialogProps) {
  return (
    <Modal
      opened
      onClose={props.onClose}
      title={props.title}
      centered
      closeButtonProps={{ 'aria-label': props.closeLabel }}
    >
      <Stack gap="md">
        <Text>{props.message}</Text>
        {props.problem && <Alert color="red">{props.problem}</Alert>}
        <Group justify="flex-end">
          <Button variant="default" className={classes.touch} onClick={props.onClose}>
            {props.cancelLabel}
          </Button>
          <Button
            color={props.danger ? 'red.9' : undefined}
            className={classes.touch}
            loading={props.pending}
            onClick={props.onConfirm}
          >
            {props.confirmLabel}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
