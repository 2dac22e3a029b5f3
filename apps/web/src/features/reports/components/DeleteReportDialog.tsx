import { reportButtons as B, reportMessages as M, reportTitles, type ReportDefinition } from '@hasp/contracts';
import { ConfirmDialog } from '../../../components/ConfirmDialog';
import { useCaptions } from '../../../lib/i18n';
import { reasonOf } from '../../../lib/send-form';
import { showToast } from '../../../lib/toast';
import { useDeleteReport } from '../api/reports-api';

/**
 * Confirms deleting a report definition (its files stay until they expire). A refusal — a stale
 * version, a report gone meanwhile — is shown in the dialog, which stays open.
 */
export function DeleteReportDialog({ report, onClose }: { report: ReportDefinition; onClose: () => void }) {
  const t = useCaptions();
  const remove = useDeleteReport();
  return (
    <ConfirmDialog
      title={t(reportTitles.deleteReport)}
      message={t(M.confirmDelete, { name: report.name })}
      confirmLabel={t(B.delete)}
      cancelLabel={t(B.cancel)}
      closeLabel={t(B.close)}
      danger
      pending={remove.isPending}
      problem={remove.isError ? reasonOf(remove.error) : null}
      onClose={onClose}
      onConfirm={() =>
        remove.mutate(report, {
          onSuccess: () => {
            showToast({ title: report.name, message: t(M.deleted), tone: 'success' });
            onClose();
          },
        })
      }
    />
  );
}
