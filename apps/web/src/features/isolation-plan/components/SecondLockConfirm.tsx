import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import { lockScanButtons as B, lockScanLabels as L } from '@hasp/contracts';
import { useCaptions } from '../../../lib/i18n';
import classes from '../IsolationPlan.module.css';

/** "You already have lock X on this point. Apply a second lock?" — before a person's second lock on a point. */
export function SecondLockConfirm({
  serial,
  pending,
  onConfirm,
  onCancel,
}: {
  /** The person's lock already on the point. */
  serial: string;
  pending: boolean;
  onConfirm: () => void;
  onCancel: () => void;
}) {
  const t = useCaptions();
  return (
    <Modal opened onClose={onCancel} title={t(L.secondTitle)} centered withCloseButton={false}>
      <Stack gap="sm">
        <Text>{t(L.secondQuestion, { serial })}</Text>
        <Group justify="flex-end">
          <Button size="md" variant="default" className={classes.touch} onClick={onCancel}>
            {t(B.cancel)}
          </Button>
          <Button size="md" className={classes.touch} loading={pending} onClick={onConfirm}>
            {t(B.applySecond)}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
