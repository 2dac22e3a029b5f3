import { Button, Group, Modal, Text } from '@mantine/core';
import { notificationMessages } from '@hasp/contracts';

interface DeleteAllDialogProps {
  opened: boolean;
  deleting: boolean;
  onCancel: () => void;
  onConfirm: () => void;
}

/** The seed's confirmation before deleting every notification. */
export function DeleteAllDialog({ opened, deleting, onCancel, onConfirm }: DeleteAllDialogProps) {
  return (
    <Modal
      opened={opened}
      onClose={onCancel}
      title={notificationMessages.deleteAllTitle}
      centered
      zIndex={400}
      closeButtonProps={{ 'aria-label': 'Close' }}
    >
      <Text>All your notifications will be deleted, read and unread. This cannot be undone.</Text>
      <Group justify="flex-end" mt="lg">
        <Button variant="default" onClick={onCancel}>
          Cancel
        </Button>
        <Button color="red.8" loading={deleting} onClick={onConfirm}>
          Delete all
        </Button>
      </Group>
    </Modal>
  );
}
