import { Button, Group, Modal, Text } from '@mantine/core';
import { profileButtons, profileDeviceLabels } from '@hasp/contracts';
import { useCaptions } from '../../../lib/i18n';

interface RevokeDialogProps {
  opened: boolean;
  /** The device being revoked, as the list names it (kept while the dialog closes). */
  device: string;
  revoking: boolean;
  onCancel: () => void;
  onConfirm: () => void;
}

/** Asks before signing another device out. */
export function RevokeDialog({ opened, device, revoking, onCancel, onConfirm }: RevokeDialogProps) {
  const t = useCaptions();
  return (
    <Modal
      opened={opened}
      onClose={onCancel}
      title={t(profileDeviceLabels.revokeTitle)}
      centered
      zIndex={400}
      closeButtonProps={{ 'aria-label': t(profileButtons.close) }}
    >
      <Text>{t(profileDeviceLabels.revokeText, { device })}</Text>
      <Group justify="flex-end" mt="lg">
        <Button variant="default" onClick={onCancel}>
          {t(profileButtons.cancel)}
        </Button>
        <Button color="red.8" loading={revoking} onClick={onConfirm}>
          {t(profileButtons.confirmRevoke)}
        </Button>
      </Group>
    </Modal>
  );
}
