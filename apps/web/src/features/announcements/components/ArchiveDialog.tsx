import { Button, Group, Modal, Text } from '@mantine/core';
import { announcementManagerButtons, announcementManagerMessages, announcementManagerTitles } from '@hasp/contracts';
import { useCaptions } from '../../../lib/i18n';

interface ArchiveDialogProps {
  title: string | null;
  archiving: boolean;
  onCancel: () => void;
  onConfirm: () => void;
}

/** Archiving is the manager's delete: asked once more, with what it means. */
export function ArchiveDialog({ title, archiving, onCancel, onConfirm }: ArchiveDialogProps) {
  const t = useCaptions();
  return (
    <Modal
      opened={title !== null}
      onClose={onCancel}
      title={t(announcementManagerTitles.archive)}
      centered
      zIndex={400}
      closeButtonProps={{ 'aria-label': t(announcementManagerButtons.close) }}
    >
      <Text fw={600}>{title}</Text>
      <Text mt="xs">{t(announcementManagerMessages.archiveExplained)}</Text>
      <Group justify="flex-end" mt="lg">
        <Button variant="default" onClick={onCancel}>
          {t(announcementManagerButtons.cancel)}
        </Button>
        <Button color="red.8" loading={archiving} onClick={onConfirm}>
          {t(announcementManagerButtons.archive)}
        </Button>
      </Group>
    </Modal>
  );
}
