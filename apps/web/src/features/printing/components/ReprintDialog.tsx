import { useState } from 'react';
import { Button, Group, Modal, Textarea } from '@mantine/core';
import { printingButtons, printingLabels, printingMessages, printingTitles, type PrintListItem } from '@hasp/contracts';
import { useCaptions } from '../../../lib/i18n';
import { fieldErrorsOf, reasonOf } from '../../../lib/send-form';
import { showToast } from '../../../lib/toast';
import { useReprint } from '../api/printing-api';

/** A printed item (tag, permit, lockbox or lock label) printed again: the reason is required (the server audits it), then its PDF downloads. */
export function ReprintDialog({ item, onClose }: { item: PrintListItem; onClose: () => void }) {
  const t = useCaptions();
  const reprint = useReprint();
  const [reason, setReason] = useState('');
  const [missing, setMissing] = useState(false);
  const serverError = reprint.isError ? (fieldErrorsOf(reprint.error).reason ?? reasonOf(reprint.error)) : undefined;
  return (
    <Modal
      opened
      onClose={onClose}
      title={`${t(printingTitles.reprint)} ${item.number}`}
      closeButtonProps={{ 'aria-label': t(printingButtons.cancel) }}
    >
      <form
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          if (!reason.trim()) return setMissing(true);
          reprint.mutate(
            { kind: item.kind, id: item.ID, reason: reason.trim() },
            {
              onSuccess: () => {
                showToast({
                  title: t(printingTitles.printList),
                  message: t(printingMessages.reprinted, { number: item.number }),
                  tone: 'success',
                });
                onClose();
              },
            },
          );
        }}
      >
        <Textarea
          label={t(printingLabels.reason)}
          required
          autosize
          minRows={2}
          data-autofocus
          value={reason}
          error={missing && !reason.trim() ? t(printingLabels.reasonRequired) : serverError}
          onChange={(event) => setReason(event.currentTarget.value)}
        />
        <Group justify="flex-end" mt="md">
          <Button variant="default" onClick={onClose}>
            {t(printingButtons.cancel)}
          </Button>
          <Button type="submit" loading={reprint.isPending}>
            {t(printingButtons.confirmReprint)}
          </Button>
        </Group>
      </form>
    </Modal>
  );
}
