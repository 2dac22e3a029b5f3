import { Button, Group, Modal, Text } from '@mantine/core';
import { userManageButtons, userManageMessages, userManageTitles, type ManagedUser } from '@hasp/contracts';
import { useCaptions } from '../../../lib/i18n';

interface ConfirmActiveDialogProps {
  user: ManagedUser | null;
  busy: boolean;
  onCancel: () => void;
  onConfirm: (user: ManagedUser) => void;
}

/** Asks once more before deactivating (sessions end at once) or reactivating a user. */
export function ConfirmActiveDialog({ user, busy, onCancel, onConfirm }: ConfirmActiveDialogProps) {
  const t = useCaptions();
  const deactivating = user?.isActive ?? true;
  return (
    <Modal
      opened={user !== null}
      onClose={onCancel}
      centered
      title={t(deactivating ? userManageTitles.deactivate : userManageTitles.reactivate, {
        name: user?.displayName ?? '',
      })}
      closeButtonProps={{ 'aria-label': t(userManageButtons.close) }}
    >
      <Text>{t(deactivating ? userManageMessages.deactivateExplained : userManageMessages.reactivateExplained)}</Text>
      <Group justify="flex-end" mt="lg">
        <Button variant="default" onClick={onCancel}>
          {t(userManageButtons.cancel)}
        </Button>
        <Button color={deactivating ? 'red.8' : undefined} loading={busy} onClick={() => user && onConfirm(user)}>
          {t(deactivating ? userManageButtons.deactivate : userManageButtons.reactivate)}
        </Button>
      </Group>
    </Modal>
  );
}
