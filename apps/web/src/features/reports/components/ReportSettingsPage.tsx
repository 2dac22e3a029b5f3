import { useState } from 'react';
import { Link } from 'react-router';
import { Alert, Button, Group, Text } from '@mantine/core';
import type {
  reportFormats} from '@hasp/contracts';
import {
  reportButtons as B,
  reportKindCaptions,
  reportLabels as L,
  reportMessages as M,
  reportWeekdayCaptions,
  shellRightNavEntries,
  shellRightNavGroups,
  type ReportDefinition,
} from '@hasp/contracts';
import { Page } from '../../../components/Page';
import { RightNavGate } from '../../../components/RightNavGate';
import { formatDateTime } from '../../../lib/date-time';
import { useCaptions } from '../../../lib/i18n';
import { showToast } from '../../../lib/toast';
import { useGenerateReport, useReportDefinitions } from '../api/reports-api';
import { DeleteReportDialog } from './DeleteReportDialog';
import { ReportFormModal } from './ReportFormModal';
import classes from '../../../components/RecordCards.module.css';

/** `/report/report-settings` (right nav: Print Manage › Report Settings). */
export function ReportSettingsPage() {
  const t = useCaptions();
  const title = t(shellRightNavGroups['Print Manage']);
  const childTitle = t(shellRightNavEntries['report-settings']);
  return (
    <RightNavGate id="report-settings" title={title} childTitle={childTitle}>
      <Page title={title} childTitle={childTitle} lead={t(L.settingsLead)}>
        <ReportSettings />
      </Page>
    </RightNavGate>
  );
}

const formatNames: Record<(typeof reportFormats)[number], string> = { xlsx: 'XLSX', pdf: 'PDF' };

function ReportSettings() {
  const t = useCaptions();
  const definitions = useReportDefinitions();
  const generate = useGenerateReport();
  const [editing, setEditing] = useState<{ report: ReportDefinition | null } | null>(null);
  const [deleting, setDeleting] = useState<ReportDefinition | null>(null);

  const schedule = (r: ReportDefinition) => {
    if (!r.schedule) return t(L.scheduleNone);
    const when =
      r.schedule.every === 'daily'
        ? t(L.daily)
        : `${t(L.weekly)}, ${t(reportWeekdayCaptions[String(r.schedule.weekday ?? 1) as '1'])}`;
    return `${when} ${r.schedule.time} · ${r.recipients.join(', ')}`;
  };

  return (
    <div className={classes.root}>
      {definitions.data && !definitions.data.mailEnabled && <Alert color="yellow">{t(L.mailOff)}</Alert>}
      <Group justify="space-between">
        <Button component={Link} to="/report/report-files" variant="subtle" className={classes.touch}>
          {t(B.openFiles)}
        </Button>
        <Button className={classes.touch} onClick={() => setEditing({ report: null })}>
          {t(B.newReport)}
        </Button>
      </Group>
      {definitions.isError && (
        <Alert color="red">
          {t(M.loadFailed)}{' '}
          <Button variant="subtle" size="compact-sm" onClick={() => void definitions.refetch()}>
            {t(B.retry)}
          </Button>
        </Alert>
      )}
      {definitions.data?.reports.length === 0 && <Text className={classes.muted}>{t(L.noReports)}</Text>}
      <ul className={classes.list} aria-label={t(shellRightNavEntries['report-settings'])}>
        {definitions.data?.reports.map((r) => (
          <li key={r.ID} className={classes.card} aria-label={r.name}>
            <span className={classes.name}>{r.name}</span>
            <span className={classes.muted}>
              {t(reportKindCaptions[r.kind])} · {formatNames[r.format]}
            </span>
            <span className={classes.muted}>{schedule(r)}</span>
            {r.nextRunAt && (
              <span className={classes.muted}>{t(L.nextRun, { at: formatDateTime(r.nextRunAt) })}</span>
            )}
            <div className={classes.actions}>
              <Button
                className={classes.touch}
                loading={generate.isPending && generate.variables?.ID === r.ID}
                onClick={() =>
                  generate.mutate(r, {
                    onSuccess: () =>
                      showToast({ title: r.name, message: t(M.generating, { name: r.name }), tone: 'success' }),
                  })
                }
              >
                {t(B.generate)}
              </Button>
              <Button variant="default" className={classes.touch} onClick={() => setEditing({ report: r })}>
                {t(B.edit)}
              </Button>
              <Button
                variant="subtle"
                color="red"
                className={classes.touch}
                onClick={() => setDeleting(r)}
              >
                {t(B.delete)}
              </Button>
            </div>
          </li>
        ))}
      </ul>
      {editing && definitions.data && (
        <ReportFormModal
          report={editing.report}
          timeZone={definitions.data.timeZone}
          permitTypes={definitions.data.permitTypes}
          onClose={() => setEditing(null)}
        />
      )}
      {deleting && <DeleteReportDialog report={deleting} onClose={() => setDeleting(null)} />}
    </div>
  );
}
