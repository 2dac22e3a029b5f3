import { Alert, Button, Group, Modal, Text } from '@mantine/core';
import {
  groupManageButtons,
  groupManageLabels,
  groupManageMessages,
  groupManageTitles,
  type GroupSummary,
} from '@hasp/contracts';
import { useCaptions } from '../../../lib/i18n';
import { useDeleteGroup } from '../api/save-group';
import { reasonOf } from '../api/send-change';

interface DeleteGroupDialogProps {
  group: GroupSummary | null;
  onClose: () => void;
  onDeleted: (name: string) => void;
}

/** Deleting is asked once more; a group with members cannot be deleted (the dialog says so). */
export function DeleteGroupDialog({ group, onClose, onDeleted }: DeleteGroupDialogProps) {
  const t = useCaptions();
  const remove = useDeleteGroup();
  const close = () => {
    remove.reset();
    onClose();
  };
  const hasMembers = (group?.memberCount ?? 0) > 0;
  return (
    <Modal
      opened={group !== null}
      onClose={close}
      title={t(groupManageTitles.delete)}
      centered
      zIndex={400}
      closeButtonProps={{ 'aria-label': t(groupManageButtons.close) }}
    >
      {group && (
        <>
          <Text>{t(groupManageLabels.deleteConfirm, { name: group.name })}</Text>
          {hasMembers && (
            <Alert color="yellow" variant="light" mt="sm">
              {t(groupManageLabels.memberCount, { count: group.memberCount })}. {t(groupManageLabels.deleteBlocked)}
            </Alert>
          )}
          {remove.isError && (
            <Alert color="red" variant="light" mt="sm" role="alert">
              {t(groupManageMessages.saveFailed, { reason: reasonOf(remove.error) })}
            </Alert>
          )}
          <Group justify="flex-end" mt="lg">
            <Button variant="default" onClick={close}>
              {t(groupManageButtons.cancel)}
            </Button>
            <Button
              color="red.8"
              disabled={hasMembers}
              loading={remove.isPending}
              onClick={() => remove.mutate(group.ID, { onSuccess: () => onDeleted(group.name) })}
            >
              {t(groupManageButtons.delete)}
            </Button>
          </Group>
        </>
      )}
    </Modal>
  );
}
