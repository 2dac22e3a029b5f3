import { Button, Group, Modal, Text } from '@mantine/core';
import { notificationsLabels, notificationsMessageCaptions } from '@hasp/contracts';
import { useCaptions } from '../../../lib/i18n';

interface DeleteAllDialogProps {
  opened: boolean;
  deleting: boolean;
  onCancel: () => void;
  onConfirm: () => void;
}

/** The seed's confirmation before deleting every notification. */
export function DeleteAllDialog({ opened, deleting, onCancel, onConfirm }: DeleteAllDialogProps) {
  const t = useCaptions();
  return (
    <Modal
      opened={opened}
      onClose={onCancel}
      title={t(notificationsMessageCaptions.deleteAllTitle)}
      centered
      zIndex={400}
      closeButtonProps={{ 'aria-label': t(notificationsLabels.closeDialog) }}
    >
      <Text>{t(notificationsLabels.deleteAllText)}</Text>
      <Group justify="flex-end" mt="lg">
        <Button variant="default" onClick={onCancel}>
          {t(notificationsLabels.cancel)}
        </Button>
        <Button color="red.8" loading={deleting} onClick={onConfirm}>
          {t(notificationsLabels.deleteAll)}
        </Button>
      </Group>
    </Modal>
  );
}
