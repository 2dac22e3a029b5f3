import { Link } from 'react-router';
import { Alert, Button, Loader, Text } from '@mantine/core';
import {
  reportButtons as B,
  reportKindCaptions,
  reportLabels as L,
  reportMessages as M,
  shellRightNavEntries,
  shellRightNavGroups,
  type ReportFile,
} from '@hasp/contracts';
import { Page } from '../../../components/Page';
import { RightNavGate } from '../../../components/RightNavGate';
import { formatDateTime } from '../../../lib/date-time';
import { useCaptions } from '../../../lib/i18n';
import { downloadReportFile, useReportFiles } from '../api/reports-api';
import classes from '../../../components/RecordCards.module.css';

/** `/report/report-files` (right nav: Print Manage › Report Files). */
export function ReportFilesPage() {
  const t = useCaptions();
  const title = t(shellRightNavGroups['Print Manage']);
  const childTitle = t(shellRightNavEntries['report-files']);
  return (
    <RightNavGate id="report-files" title={title} childTitle={childTitle}>
      <ReportFiles title={title} childTitle={childTitle} />
    </RightNavGate>
  );
}

function kilobytes(size: number | null): string {
  return size === null ? '' : `${Math.max(1, Math.round(size / 1024))} KB`;
}

function FileCard({ file }: { file: ReportFile }) {
  const t = useCaptions();
  const state = {
    queued: t(L.queued),
    running: t(L.running, { count: file.rows }),
    done: t(L.done),
    failed: t(L.failed, { reason: file.error ?? '' }),
  }[file.state];
  const mail = {
    none: null,
    pending: t(L.mailPending),
    sent: t(L.mailSent),
    failed: t(L.mailFailed, { reason: file.mailError ?? '' }),
    off: t(L.mailOffShort),
  }[file.mail];
  return (
    <li className={classes.card} aria-label={`${file.name} ${formatDateTime(file.createdAt)}`}>
      <span className={classes.name}>{file.name}</span>
      <span className={classes.muted}>
        {t(reportKindCaptions[file.kind])} · {file.format.toUpperCase()} · {formatDateTime(file.createdAt)}
      </span>
      <span className={classes.muted}>
        {file.generatedBy ? t(L.generatedBy, { name: file.generatedBy.displayName }) : t(L.bySchedule)}
      </span>
      <span role="status" className={file.state === 'failed' ? classes.failed : classes.muted}>
        {file.state === 'running' && <Loader size="xs" mr="xs" aria-hidden />}
        {file.state === 'done' ? `${state} · ${t(L.rows, { count: file.rows })} · ${kilobytes(file.size)}` : state}
      </span>
      {mail && <span className={file.mail === 'failed' ? classes.failed : classes.muted}>{mail}</span>}
      <span className={classes.muted}>{t(L.expires, { at: formatDateTime(file.expiresAt) })}</span>
      {file.state === 'done' && (
        <div className={classes.actions}>
          <Button
            className={classes.touch}
            onClick={() => void downloadReportFile(file.ID, `${file.name}.${file.format}`)}
          >
            {t(B.download)}
          </Button>
        </div>
      )}
    </li>
  );
}

function ReportFiles({ title, childTitle }: { title: string; childTitle: string }) {
  const t = useCaptions();
  const files = useReportFiles();
  const lead = files.data ? t(L.filesLead, { days: files.data.keepDays }) : '';
  return (
    <Page title={title} childTitle={childTitle} lead={lead}>
      <div className={classes.root}>
        <div>
          <Button component={Link} to="/report/report-settings" variant="subtle" className={classes.touch}>
            {t(shellRightNavEntries['report-settings'])}
          </Button>
        </div>
        {files.isError && (
          <Alert color="red">
            {t(M.loadFailed)}{' '}
            <Button variant="subtle" size="compact-sm" onClick={() => void files.refetch()}>
              {t(B.retry)}
            </Button>
          </Alert>
        )}
        {files.data?.files.length === 0 && <Text className={classes.muted}>{t(L.noFiles)}</Text>}
        <ul className={classes.list} aria-label={childTitle}>
          {files.data?.files.map((file) => (
            <FileCard key={file.ID} file={file} />
          ))}
        </ul>
      </div>
    </Page>
  );
}
