import { Alert, Button, Group, Modal, Text } from '@mantine/core';
import {
  permitTypesButtons,
  permitTypesLabels,
  permitTypesMessages,
  permitTypesTitles,
  type PermitGroup,
} from '@hasp/contracts';
import { useCaptions } from '../../../lib/i18n';
import { useDeletePermitGroup } from '../api/delete-permit-group';
import { reasonOf } from '../api/send-change';

/** Deleting an empty permit group is asked once more. */
export function DeleteGroupDialog({ group, onClose }: { group: PermitGroup | null; onClose: () => void }) {
  const t = useCaptions();
  const remove = useDeletePermitGroup();
  const close = () => {
    remove.reset();
    onClose();
  };
  return (
    <Modal
      opened={group !== null}
      onClose={close}
      title={t(permitTypesTitles.deleteGroup)}
      centered
      zIndex={400}
      closeButtonProps={{ 'aria-label': t(permitTypesButtons.close) }}
    >
      {group && (
        <>
          <Text>{t(permitTypesLabels.deleteGroupText, { name: group.name })}</Text>
          {remove.isError && (
            <Alert color="red" variant="light" mt="sm" role="alert">
              {t(permitTypesMessages.saveFailed, { reason: reasonOf(remove.error) })}
            </Alert>
          )}
          <Group justify="flex-end" mt="lg">
            <Button variant="default" onClick={close}>
              {t(permitTypesButtons.cancel)}
            </Button>
            <Button
              color="red.8"
              loading={remove.isPending}
              onClick={() => remove.mutate(group.ID, { onSuccess: close })}
            >
              {t(permitTypesButtons.delete)}
            </Button>
          </Group>
        </>
      )}
    </Modal>
  );
}
