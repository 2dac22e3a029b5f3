import { Alert, Button, Group, Modal, Stack, Text } from '@mantine/core';
import {
  masterListButtons,
  masterListLabels,
  masterListMessages,
  masterListTitles,
  type ManagedMasterListItem,
  type MasterListKey,
} from '@hasp/contracts';
import { ApiRequestError } from '../../../lib/http';
import { useCaptions } from '../../../lib/i18n';
import { useChangeItem } from '../api/change-items';
import { reasonOf } from '../api/send-change';

interface DeleteItemDialogProps {
  listKey: MasterListKey;
  item: ManagedMasterListItem | null;
  /** The item's caption as shown. */
  label: string;
  onClose: () => void;
  onDeleted: (label: string) => void;
  onDeactivate: (item: ManagedMasterListItem) => void;
}

/**
 * Confirms a delete. An item in use is refused by the server (409, saying why); the dialog shows
 * that and offers to deactivate the item instead.
 */
export function DeleteItemDialog({ listKey, item, label, onClose, onDeleted, onDeactivate }: DeleteItemDialogProps) {
  const t = useCaptions();
  const change = useChangeItem(listKey);
  const close = () => {
    change.reset();
    onClose();
  };
  const refusedInUse = change.error instanceof ApiRequestError && change.error.status === 409;
  return (
    <Modal
      opened={item !== null}
      onClose={close}
      title={t(masterListTitles.delete)}
      centered
      zIndex={400}
      closeButtonProps={{ 'aria-label': t(masterListButtons.close) }}
    >
      {item && (
        <Stack gap="md">
          <Text>{t(masterListLabels.deleteBody, { name: label })}</Text>
          {change.isError && (
            <Alert color="red" variant="light" role="alert">
              {t(masterListMessages.failed, { reason: reasonOf(change.error) })}
              {refusedInUse && item.isActive && (
                <Group mt="xs">
                  <Button
                    size="xs"
                    variant="default"
                    onClick={() => {
                      change.reset();
                      onDeactivate(item);
                    }}
                  >
                    {t(masterListButtons.deactivate)}
                  </Button>
                </Group>
              )}
            </Alert>
          )}
          <Group justify="flex-end">
            <Button variant="default" onClick={close}>
              {t(masterListButtons.cancel)}
            </Button>
            <Button
              color="red.9"
              loading={change.isPending}
              disabled={refusedInUse}
              onClick={() =>
                change.mutate(
                  { kind: 'delete', item },
                  {
                    onSuccess: () => {
                      change.reset();
                      onDeleted(label);
                    },
                  },
                )
              }
            >
              {t(masterListButtons.delete)}
            </Button>
          </Group>
        </Stack>
      )}
    </Modal>
  );
}
