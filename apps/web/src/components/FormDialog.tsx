import type { FormEvent, ReactNode } from 'react';
import { Alert, Button, Group, Modal, Stack, type ModalProps } from '@mantine/core';
import classes from './FormDialog.module.css';

interface FormDialogProps {
  title: string;
  onClose: () => void;
  onSubmit: (event: FormEvent) => void;
  /** The screen's own captions (each feature has its translated words). */
  closeLabel: string;
  cancelLabel: string;
  submitLabel: string;
  submitting: boolean;
  /** A refusal that names no field of the form (a stale version, a record in use), shown above the buttons. */
  problem?: string | null;
  size?: ModalProps['size'];
  children: ReactNode;
}

/**
 * A record's form in a dialog: the fields, a refusal no field owns, then Cancel and Save at the
 * thumb (44 px high, for one-handed use on a phone). The form is `noValidate`: the feature checks
 * its fields and shows the server's words at each.
 */
export function FormDialog(props: FormDialogProps) {
  return (
    <Modal
      opened
      onClose={props.onClose}
      title={props.title}
      centered
      size={props.size}
      closeButtonProps={{ 'aria-label': props.closeLabel }}
    >
      <form onSubmit={props.onSubmit} noValidate>
        <Stack gap="sm">
          {props.children}
          {props.problem && <Alert color="red">{props.problem}</Alert>}
          <Group justify="flex-end">
            <Button variant="default" className={classes.touch} onClick={props.onClose}>
              {props.cancelLabel}
            </Button>
            <Button type="submit" className={classes.touch} loading={props.submitting}>
              {props.submitLabel}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
