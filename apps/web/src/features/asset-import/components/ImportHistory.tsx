import { useState } from 'react';
import { Alert, Button, Group, Pagination, Table, Text, Title } from '@mantine/core';
import {
  assetImportButtons,
  assetImportKindLabels,
  assetImportLabels,
  assetImportMessages,
  assetImportTitles,
  type ImportFileSummary,
} from '@hasp/contracts';
import { ApiRequestError } from '../../../lib/http';
import { useCaptions } from '../../../lib/i18n';
import { downloadOriginal } from '../api/download';
import { HISTORY_PAGE_SIZE, useImportHistory } from '../api/get-history';
import { countsWithRows, formatDateTime } from '../report';
import { StatusBadge } from './StatusBadge';
import classes from '../AssetImport.module.css';

/** Every import file of the facility, newest first: who, when, which file, its rows and result. */
export function ImportHistory({ onOpen }: { onOpen: (id: number) => void }) {
  const t = useCaptions();
  const l = assetImportLabels;
  const [page, setPage] = useState(1);
  const [downloadError, setDownloadError] = useState<string | null>(null);
  const history = useImportHistory(page);
  const pages = Math.max(1, Math.ceil((history.data?.total ?? 0) / HISTORY_PAGE_SIZE));

  const download = (file: ImportFileSummary) => {
    setDownloadError(null);
    downloadOriginal(file.ID, file.fileName).catch((error: unknown) => {
      const reason = error instanceof ApiRequestError ? (error.serverMessage ?? error.message) : String(error);
      setDownloadError(t(assetImportMessages.downloadFailed, { reason }));
    });
  };

  return (
    <section className={classes.section} aria-labelledby="asset-import-history">
      <Title order={2} id="asset-import-history" className={classes.sectionTitle}>
        {t(assetImportTitles.history)}
      </Title>
      {history.isError && (
        <Alert color="red" variant="light" role="alert">
          {t(assetImportMessages.historyFailed)}
        </Alert>
      )}
      {downloadError && (
        <Text size="sm" c="red.8" role="alert">
          {downloadError}
        </Text>
      )}
      {history.data && history.data.items.length === 0 && <Text>{t(l.noHistory)}</Text>}
      {history.data && history.data.items.length > 0 && (
        <div className={classes.tableScroll} role="region" aria-label={t(l.historyTable)} tabIndex={0}>
          <Table striped withTableBorder className={classes.table}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th scope="col">{t(l.uploadedAt)}</Table.Th>
                <Table.Th scope="col">{t(l.uploadedBy)}</Table.Th>
                <Table.Th scope="col">{t(l.fileName)}</Table.Th>
                <Table.Th scope="col">{t(l.countsColumn)}</Table.Th>
                <Table.Th scope="col">{t(l.resultColumn)}</Table.Th>
                <Table.Th scope="col">{t(l.actions)}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {history.data.items.map((file) => (
                <Table.Tr key={file.ID} data-import-id={file.ID}>
                  <Table.Td className={classes.nowrap}>{formatDateTime(file.uploadedAt)}</Table.Td>
                  <Table.Td>{file.uploadedBy.displayName}</Table.Td>
                  <Table.Td className={classes.value}>{file.fileName}</Table.Td>
                  <Table.Td>
                    {countsWithRows(file.counts).map((count) => (
                      <div key={count.kind}>
                        {file.status === 'committed'
                          ? t(l.counts, {
                              kind: t(assetImportKindLabels[count.kind]),
                              created: count.created,
                              updated: count.updated,
                            })
                          : t(l.sheetRows, { kind: t(assetImportKindLabels[count.kind]), count: count.rows })}
                      </div>
                    ))}
                  </Table.Td>
                  <Table.Td className={classes.result}>
                    <StatusBadge status={file.status} />
                    {file.resultMessage && <Text size="xs">{file.resultMessage}</Text>}
                  </Table.Td>
                  <Table.Td>
                    <Group gap={4} wrap="nowrap">
                      <Button
                        size="xs"
                        variant="subtle"
                        aria-label={t(assetImportButtons['open::named'], { name: file.fileName })}
                        onClick={() => onOpen(file.ID)}
                      >
                        {t(assetImportButtons.open)}
                      </Button>
                      <Button
                        size="xs"
                        variant="subtle"
                        aria-label={t(assetImportButtons['download::named'], { name: file.fileName })}
                        onClick={() => download(file)}
                      >
                        {t(assetImportButtons.download)}
                      </Button>
                    </Group>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </div>
      )}
      {pages > 1 && (
        <Group justify="space-between" gap="xs">
          <Text size="sm">{t(l.historyPage, { page, pages })}</Text>
          <Pagination total={pages} value={page} onChange={setPage} size="sm" siblings={1} />
        </Group>
      )}
    </section>
  );
}
