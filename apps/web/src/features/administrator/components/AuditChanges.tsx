import { Table, Text } from '@mantine/core';
import { administratorLabels, administratorMessages, type AuditEntry } from '@hasp/contracts';
import { useCaptions } from '../../../lib/i18n';
import { changedFields, displayValue } from '../audit-diff';
import classes from '../Administrator.module.css';

/** What an audit entry changed: each changed field with its value before and after. */
export function AuditChanges({ entry }: { entry: AuditEntry }) {
  const t = useCaptions();
  const l = administratorLabels;
  const changes = changedFields(entry.before, entry.after);
  if (changes.length === 0) return <Text size="sm">{t(administratorMessages.noChanges)}</Text>;
  const show = (value: unknown, className: string) => {
    const text = displayValue(value);
    return text === null ? (
      <span className={classes.emptyValue}>{t(l.empty)}</span>
    ) : (
      <span className={className}>{text}</span>
    );
  };
  return (
    <Table withTableBorder verticalSpacing={4} className={classes.changes}>
      <Table.Thead>
        <Table.Tr>
          <Table.Th scope="col">{t(l.field)}</Table.Th>
          <Table.Th scope="col">{t(l.before)}</Table.Th>
          <Table.Th scope="col">{t(l.after)}</Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {changes.map((change) => (
          <Table.Tr key={change.field} data-field={change.field}>
            <Table.Th scope="row" className={classes.rowHeader}>
              {change.field}
            </Table.Th>
            <Table.Td data-side="before">{show(change.before, classes.beforeValue!)}</Table.Td>
            <Table.Td data-side="after">{show(change.after, classes.afterValue!)}</Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}
