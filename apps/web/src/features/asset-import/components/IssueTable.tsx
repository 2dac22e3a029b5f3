import { useState } from 'react';
import { Badge, Group, Pagination, Table, Text } from '@mantine/core';
import { assetImportKindLabels, assetImportLabels, type ImportIssue } from '@hasp/contracts';
import { useCaptions } from '../../../lib/i18n';
import { groupIssues, reportPage } from '../report';
import classes from '../AssetImport.module.css';

/**
 * The validation report, row by row (sheet, row, column, value, message), one page of 50 at a
 * time so thousands of problems stay quick; above it, which columns have the most problems.
 */
export function IssueTable({ issues }: { issues: ImportIssue[] }) {
  const t = useCaptions();
  const l = assetImportLabels;
  const [page, setPage] = useState(1);
  const shown = reportPage(issues, page);
  const groups = groupIssues(issues).slice(0, 8);
  return (
    <div className={classes.report}>
      <Group gap="xs">
        {groups.map((group) => (
          <Badge key={`${group.kind}:${group.column}`} variant="light" color="red" tt="none">
            {t(l.issueSummary, {
              kind: t(assetImportKindLabels[group.kind]),
              column: group.column,
              count: group.count,
            })}
          </Badge>
        ))}
      </Group>
      <div className={classes.tableScroll} role="region" aria-label={t(l.reportTable)} tabIndex={0}>
        <Table striped withTableBorder className={classes.table}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th scope="col">{t(l.sheet)}</Table.Th>
              <Table.Th scope="col">{t(l.row)}</Table.Th>
              <Table.Th scope="col">{t(l.column)}</Table.Th>
              <Table.Th scope="col">{t(l.value)}</Table.Th>
              <Table.Th scope="col">{t(l.message)}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {shown.issues.map((issue, index) => (
              <Table.Tr key={`${shown.from + index}`} data-row={issue.row}>
                <Table.Td>{t(assetImportKindLabels[issue.kind])}</Table.Td>
                <Table.Td>{issue.row}</Table.Td>
                <Table.Td>{issue.column}</Table.Td>
                <Table.Td className={classes.value}>
                  {issue.value === '' ? (
                    <Text span c="dimmed" size="sm">
                      {t(l.emptyValue)}
                    </Text>
                  ) : (
                    issue.value
                  )}
                </Table.Td>
                <Table.Td className={classes.message}>{issue.message}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </div>
      {shown.pages > 1 && (
        <Group justify="space-between" gap="xs">
          <Text size="sm">{t(l.reportPage, { from: shown.from, to: shown.to, count: issues.length })}</Text>
          <Pagination total={shown.pages} value={shown.page} onChange={setPage} size="sm" siblings={1} />
        </Group>
      )}
    </div>
  );
}
