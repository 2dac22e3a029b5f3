import { Alert, Button, Group, Modal, Stack, Text } from '@mantine/core';
import { reportButtons as B, reportMessages as M, reportTitles, type ReportDefinition } from '@hasp/contracts';
import { useCaptions } from '../../../lib/i18n';
import { reasonOf } from '../../../lib/send-form';
import { showToast } from '../../../lib/toast';
import { useDeleteReport } from '../api/reports-api';
import classes from '../Reports.module.css';

/**
 * Confirms deleting a report definition (its files stay until they expire). A refusal — a stale
 * version, a report gone meanwhile — is shown in the dialog, which stays open.
 */
export function DeleteReportDialog({ report, onClose }: { report: ReportDefinition; onClose: () => void }) {
  const t = useCaptions();
  const remove = useDeleteReport();
  return (
    <Modal
      opened
      onClose={onClose}
      title={t(reportTitles.deleteReport)}
      centered
      closeButtonProps={{ 'aria-label': t(B.close) }}
    >
      <Stack gap="md">
        <Text>{t(M.confirmDelete, { name: report.name })}</Text>
        {remove.isError && <Alert color="red">{reasonOf(remove.error)}</Alert>}
        <Group justify="flex-end">
          <Button variant="default" className={classes.touch} onClick={onClose}>
            {t(B.cancel)}
          </Button>
          <Button
            color="red.9"
            className={classes.touch}
            loading={remove.isPending}
            onClick={() =>
              remove.mutate(report, {
                onSuccess: () => {
                  showToast({ title: report.name, message: t(M.deleted), tone: 'success' });
                  onClose();
                },
              })
            }
          >
            {t(B.delete)}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
