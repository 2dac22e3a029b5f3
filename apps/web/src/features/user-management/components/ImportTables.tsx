import { Badge, Table } from '@mantine/core';
import { userManagementLabels, type UserImportProblem, type UserImportRow } from '@hasp/contracts';
import { useCaptions } from '../../../lib/i18n';
import classes from '../UserManagement.module.css';

/** The row-by-row report: where each problem is and what is wrong. */
export function ImportReportTable({ problems }: { problems: UserImportProblem[] }) {
  const t = useCaptions();
  const l = userManagementLabels;
  return (
    <Table className={classes.stacked} data-testid="import-report">
      <Table.Thead>
        <Table.Tr>
          <Table.Th scope="col">{t(l.row)}</Table.Th>
          <Table.Th scope="col">{t(l.column)}</Table.Th>
          <Table.Th scope="col">{t(l.value)}</Table.Th>
          <Table.Th scope="col">{t(l.problem)}</Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {problems.map((p, index) => (
          <Table.Tr key={index}>
            <Table.Td data-label={t(l.row)}>{p.row}</Table.Td>
            <Table.Td data-label={t(l.column)} className={classes.cellText}>
              {p.column}
            </Table.Td>
            <Table.Td data-label={t(l.value)} className={classes.cellText}>
              {p.value}
            </Table.Td>
            <Table.Td data-label={t(l.problem)} className={classes.cellText}>
              {p.message}
            </Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}

/** The rows a valid file would write: new users and updates. */
export function ImportPreviewTable({ rows }: { rows: UserImportRow[] }) {
  const t = useCaptions();
  const l = userManagementLabels;
  return (
    <Table className={classes.stacked} data-testid="import-preview">
      <Table.Thead>
        <Table.Tr>
          <Table.Th scope="col">{t(l.row)}</Table.Th>
          <Table.Th scope="col">{t(l.change)}</Table.Th>
          <Table.Th scope="col">{t(l.userName)}</Table.Th>
          <Table.Th scope="col">{t(l.name)}</Table.Th>
          <Table.Th scope="col">{t(l.email)}</Table.Th>
          <Table.Th scope="col">{t(l.groups)}</Table.Th>
          <Table.Th scope="col">{t(l.facilities)}</Table.Th>
          <Table.Th scope="col">{t(l.directory)}</Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {rows.map((r) => (
          <Table.Tr key={r.row}>
            <Table.Td data-label={t(l.row)}>{r.row}</Table.Td>
            <Table.Td data-label={t(l.change)}>
              <Badge variant="outline" color={r.change === 'create' ? 'teal.9' : 'blue.8'} tt="none">
                {t(l[`change::${r.change}`])}
              </Badge>
            </Table.Td>
            <Table.Td data-label={t(l.userName)} className={classes.cellText}>
              {r.userName}
            </Table.Td>
            <Table.Td data-label={t(l.name)} className={classes.cellText}>
              {r.displayName}
            </Table.Td>
            <Table.Td data-label={t(l.email)} className={classes.cellText}>
              {r.email ?? ''}
            </Table.Td>
            <Table.Td data-label={t(l.groups)} className={classes.cellText}>
              {r.groups.join('; ')}
            </Table.Td>
            <Table.Td data-label={t(l.facilities)} className={classes.cellText}>
              {r.facilities.join('; ')}
            </Table.Td>
            <Table.Td data-label={t(l.directory)}>{t(r.isActiveDirectoryUser ? l.yes : l.no)}</Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}
