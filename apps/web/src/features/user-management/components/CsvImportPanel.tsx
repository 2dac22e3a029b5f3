import { useState } from 'react';
import { Alert, Button, FileInput, Text, Textarea, Title } from '@mantine/core';
import {
  USER_IMPORT_CSV_MAX,
  userImportColumns,
  userManagementButtons,
  userManagementLabels,
  userManagementMessages,
  userManagementTitles,
  type UserImportResult,
} from '@hasp/contracts';
import { useCaptions } from '../../../lib/i18n';
import { downloadImportTemplate } from '../api/download-template';
import { useImportUsers } from '../api/import-users';
import { ImportPreviewTable, ImportReportTable } from './ImportTables';
import classes from '../UserManagement.module.css';

/**
 * The CSV import: choose a file or paste its text, preview (the server checks every row and writes
 * nothing), then import the previewed text. The file is parsed on the server only.
 */
export function CsvImportPanel() {
  const t = useCaptions();
  const m = userManagementMessages;
  const b = userManagementButtons;
  const [file, setFile] = useState<File | null>(null);
  const [text, setText] = useState('');
  const [fileError, setFileError] = useState<string | null>(null);
  const [result, setResult] = useState<UserImportResult | null>(null);
  const [previewed, setPreviewed] = useState<string | null>(null);
  const importer = useImportUsers();

  const changeText = (value: string) => {
    setText(value);
    setResult(null);
    setPreviewed(null);
  };
  const chooseFile = async (chosen: File | null) => {
    setFile(chosen);
    setFileError(null);
    if (!chosen) return;
    if (chosen.size > USER_IMPORT_CSV_MAX) {
      setFileError(t(m.fileTooLarge));
      return;
    }
    try {
      changeText(await chosen.text());
    } catch {
      setFileError(t(m.fileUnreadable));
    }
  };
  const send = (dryRun: boolean) => {
    if (!text.trim()) {
      setFileError(t(m.noFile));
      return;
    }
    const csv = text;
    importer.mutate(
      { csv, dryRun },
      {
        onSuccess: (answer) => {
          setResult(answer);
          setPreviewed(answer.valid && !answer.imported ? csv : null);
        },
      },
    );
  };

  return (
    <section className={classes.section} aria-labelledby="user-management-import">
      <Title order={2} id="user-management-import" className={classes.sectionTitle}>
        {t(userManagementTitles.import)}
      </Title>
      <div>
        <Button variant="default" onClick={() => void downloadImportTemplate()}>
          {t(b.template)}
        </Button>
      </div>
      <FileInput
        label={t(userManagementLabels.file)}
        description={t(userManagementLabels['file::description'], { columns: userImportColumns.join(',') })}
        accept=".csv,text/csv"
        clearable
        clearButtonProps={{ 'aria-label': t(b.clearFile) }}
        value={file}
        error={fileError}
        onChange={(chosen) => void chooseFile(chosen)}
      />
      <Textarea
        label={t(userManagementLabels.paste)}
        value={text}
        onChange={(event) => changeText(event.currentTarget.value)}
        autosize
        minRows={4}
        maxRows={12}
        spellCheck={false}
        styles={{ input: { fontFamily: 'var(--mantine-font-family-monospace)' } }}
      />
      <div className={classes.importActions}>
        <Button variant="default" loading={importer.isPending && importer.variables.dryRun} onClick={() => send(true)}>
          {t(b.preview)}
        </Button>
        <Button
          disabled={previewed === null || previewed !== text}
          loading={importer.isPending && !importer.variables.dryRun}
          onClick={() => send(false)}
        >
          {t(b.import)}
        </Button>
      </div>
      {result && <ImportResultView result={result} />}
    </section>
  );
}

function ImportResultView({ result }: { result: UserImportResult }) {
  const t = useCaptions();
  const m = userManagementMessages;
  if (!result.valid) {
    return (
      <>
        <Alert color="red" variant="light" title={t(m.invalid)} role="alert">
          {t(m.problemCount, { count: result.problems.length })}
        </Alert>
        <Title order={3} size="h4">
          {t(userManagementTitles.report)}
        </Title>
        <ImportReportTable problems={result.problems} />
      </>
    );
  }
  const counts = { created: result.created, updated: result.updated };
  return (
    <>
      <Alert color={result.imported ? 'green' : 'blue'} variant="light" role="status">
        <Text>{t(result.imported ? m.imported : m.valid, counts)}</Text>
        {result.created > 0 && <Text mt="xs">{t(m.noPassword)}</Text>}
      </Alert>
      {!result.imported && (
        <>
          <Title order={3} size="h4">
            {t(userManagementTitles.preview)}
          </Title>
          <ImportPreviewTable rows={result.rows} />
        </>
      )}
    </>
  );
}
