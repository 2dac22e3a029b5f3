import { Paper, Stack, Text } from '@mantine/core';
import { permitsLabels, type PermitHandover } from '@hasp/contracts';
import { formatDateTime } from '../../../lib/date-time';
import { useCaptions } from '../../../lib/i18n';

/**
 * One hand-over's notes as the incoming holder reads them ((f)(4)): abnormal conditions, the work
 * left, the locks that stay on. The accept dialog shows the pending one; the History tab shows each.
 */
export function HandoverNotes({ handover, title }: { handover: PermitHandover; title?: string }) {
  const t = useCaptions();
  const none = t(permitsLabels.handoverNone);
  const locks = handover.locksStaying.map((lock) => lock.serial).join(', ') || none;
  return (
    <Paper withBorder p="sm" data-testid="handover-notes">
      <Stack gap={4}>
        <Text fw={600}>
          {title ??
            t(permitsLabels.handoverNotesTitle, { name: handover.by.displayName, at: formatDateTime(handover.at) })}
        </Text>
        <Text size="sm">
          <Text span fw={600}>
            {t(permitsLabels.handoverAbnormal)}:
          </Text>{' '}
          {handover.abnormalConditions}
        </Text>
        <Text size="sm">
          <Text span fw={600}>
            {t(permitsLabels.handoverRemaining)}:
          </Text>{' '}
          {handover.workRemaining}
        </Text>
        <Text size="sm">
          <Text span fw={600}>
            {t(permitsLabels.handoverLocksStaying)}:
          </Text>{' '}
          {locks}
        </Text>
      </Stack>
    </Paper>
  );
}
