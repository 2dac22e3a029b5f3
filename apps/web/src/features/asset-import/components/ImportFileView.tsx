import { Alert, Badge, Button, CloseButton, Group, List, Text, Title } from '@mantine/core';
import {
  assetImportButtons,
  assetImportKindLabels,
  assetImportLabels,
  assetImportMessages,
  assetImportTitles,
  type ImportFile,
} from '@hasp/contracts';
import { ContentLoader } from '../../../components/ContentLoader';
import { ApiRequestError } from '../../../lib/http';
import { useCaptions } from '../../../lib/i18n';
import { useCommitImport } from '../api/commit-import';
import { useImportFile } from '../api/get-import';
import { countsWithRows, formatDateTime } from '../report';
import { IssueTable } from './IssueTable';
import { PreviewTables } from './PreviewTables';
import { StatusBadge } from './StatusBadge';
import classes from '../AssetImport.module.css';

/** One import file: its check result, the report or what would change, Import, and the preview. */
export function ImportFileView({ id, onClose }: { id: number; onClose: () => void }) {
  const t = useCaptions();
  const file = useImportFile(id);
  if (file.isPending) return <ContentLoader />;
  if (file.isError) {
    return (
      <Alert color="red" variant="light" role="alert">
        {t(assetImportMessages.fileFailed)} {file.error.message}
      </Alert>
    );
  }
  return <FileDetails file={file.data} onClose={onClose} />;
}

function FileDetails({ file, onClose }: { file: ImportFile; onClose: () => void }) {
  const t = useCaptions();
  const l = assetImportLabels;
  const commit = useCommitImport();
  const commitError =
    commit.error instanceof ApiRequestError
      ? (commit.error.serverMessage ?? commit.error.message)
      : commit.error?.message;
  const counts = countsWithRows(file.counts);
  const kindOf = (kind: keyof typeof assetImportKindLabels) => t(assetImportKindLabels[kind]);

  return (
    <section className={classes.section} aria-labelledby="asset-import-current" data-import-id={file.ID}>
      <div className={classes.fileHeader}>
        <Title order={2} id="asset-import-current" className={classes.sectionTitle}>
          {t(assetImportTitles.current, { name: file.fileName })}
        </Title>
        <StatusBadge status={file.status} />
        <CloseButton aria-label={t(assetImportButtons.close)} onClick={onClose} ml="auto" />
      </div>
      <Text size="sm">
        {file.uploadedBy.displayName} · {formatDateTime(file.uploadedAt)}
      </Text>

      {file.status === 'invalid' && (
        <>
          <Alert color="red" variant="light" role="alert">
            <Text fw={700}>{t(assetImportTitles.report)}</Text>
            <Text size="sm">{t(l.issueCount, { count: file.issueCount })}</Text>
            {file.issuesTruncated && (
              <Text size="sm" mt="xs">
                {t(l.issuesTruncated, { shown: file.issues.length, count: file.issueCount })}
              </Text>
            )}
          </Alert>
          <IssueTable key={file.issueCount} issues={file.issues} />
        </>
      )}

      {file.status === 'valid' && (
        <Alert color="blue" variant="light" role="status">
          <Text size="sm">{t(l.valid)}</Text>
          <List size="sm" mt="xs">
            {counts.map((count) => (
              <List.Item key={count.kind}>
                {t(l.wouldChange, { kind: kindOf(count.kind), created: count.created, updated: count.updated })}
              </List.Item>
            ))}
          </List>
        </Alert>
      )}

      {file.status === 'committed' && (
        <Alert color="green" variant="light" role="status">
          <Text fw={700}>{t(assetImportMessages.imported)}</Text>
          {file.committedAt && <Text size="sm">{t(l.committed, { when: formatDateTime(file.committedAt) })}</Text>}
          <List size="sm" mt="xs">
            {counts.map((count) => (
              <List.Item key={count.kind} data-count-kind={count.kind}>
                {t(l.counts, { kind: kindOf(count.kind), created: count.created, updated: count.updated })}
              </List.Item>
            ))}
          </List>
        </Alert>
      )}

      {file.status !== 'committed' && (
        <Group gap="sm">
          <Button disabled={file.status !== 'valid'} loading={commit.isPending} onClick={() => commit.mutate(file.ID)}>
            {t(assetImportButtons.commit)}
          </Button>
          {commit.isPending && <Text size="sm">{t(assetImportMessages.committing)}</Text>}
        </Group>
      )}
      {commitError && (
        <Alert color="red" variant="light" role="alert">
          {t(assetImportMessages.commitRefused, { reason: commitError })}
        </Alert>
      )}

      <Title order={3} className={classes.subTitle}>
        {t(assetImportTitles.preview)}
      </Title>
      <Group gap="xs">
        {counts.map((count) => (
          <Badge key={count.kind} variant="light" tt="none">
            {t(l.sheetRows, { kind: kindOf(count.kind), count: count.rows })}
          </Badge>
        ))}
      </Group>
      <PreviewTables sheets={file.preview} />
    </section>
  );
}
