import type { FormEvent, ReactNode } from 'react';
import { Alert, Modal, Stack, Text } from '@mantine/core';
import { assetManageButtons, assetManageLabels, assetManageMessages } from '@hasp/contracts';
import { useCaptions } from '../../../lib/i18n';
import { isStaleConflict, reasonOf } from '../api/send-asset-change';
import { FormButtons } from '../../../components/FormButtons';

interface RecordDialogProps {
  opened: boolean;
  title: string;
  onClose: () => void;
  /** The form, keyed by its record so each opening starts from that record. */
  children: ReactNode;
}

/** The create/edit dialog of an area or an asset (above the page's drawers and toasts). */
export function RecordDialog({ opened, title, onClose, children }: RecordDialogProps) {
  const t = useCaptions();
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={title}
      centered
      zIndex={400}
      closeButtonProps={{ 'aria-label': t(assetManageButtons.close) }}
    >
      {children}
    </Modal>
  );
}

interface RecordDialogFormProps {
  save: { isError: boolean; error: unknown; isPending: boolean };
  /** The refusal is shown at a field: no alert above the form. */
  shownAtField: boolean;
  /** Where a new record goes; null when editing. */
  parentLabel: string | null;
  /** Called with the browser's own submit already prevented. */
  onSubmit: () => void;
  onCancel: () => void;
  children: ReactNode;
}

/** The form of such a dialog: why the save failed, where a new record goes, its fields, Cancel and Save. */
export function RecordDialogForm({
  save,
  shownAtField,
  parentLabel,
  onSubmit,
  onCancel,
  children,
}: RecordDialogFormProps) {
  const t = useCaptions();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onSubmit();
  };
  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        {save.isError && !shownAtField && (
          <Alert color="red" variant="light" role="alert">
            {isStaleConflict(save.error)
              ? t(assetManageMessages.conflict, { reason: reasonOf(save.error) })
              : t(assetManageMessages.saveFailed, { reason: reasonOf(save.error) })}
          </Alert>
        )}
        {parentLabel !== null && (
          <Text size="sm">
            {t(assetManageLabels.parent)}: {parentLabel}
          </Text>
        )}
        {children}
        <FormButtons
          cancelLabel={t(assetManageButtons.cancel)}
          saveLabel={t(assetManageButtons.save)}
          saving={save.isPending}
          onCancel={onCancel}
        />
      </Stack>
    </form>
  );
}
