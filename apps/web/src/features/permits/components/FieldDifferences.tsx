import { Table } from '@mantine/core';
import { useCaptions } from '../../../lib/i18n';
import { permitFieldLabels, type PermitField } from '../model/permit-form';
import classes from '../Permits.module.css';

/** One column of values: its heading, the test id prefix of its cells (`mine-title`), and each field's words. */
export interface DifferenceColumn {
  heading: string;
  testId: 'mine' | 'theirs';
  value: (field: PermitField) => string;
}

/**
 * The permit fields two versions differ in, one row a field, one column a version: the online
 * save's conflict panel and an offline edit's conflict both say them so.
 */
export function FieldDifferences({
  label,
  fieldHeading,
  fields,
  columns,
}: {
  label: string;
  fieldHeading: string;
  fields: readonly PermitField[];
  columns: readonly DifferenceColumn[];
}) {
  const t = useCaptions();
  return (
    <Table className={classes.conflictTable} withTableBorder aria-label={label}>
      <Table.Thead>
        <Table.Tr>
          <Table.Th scope="col">{fieldHeading}</Table.Th>
          {columns.map((column) => (
            <Table.Th key={column.testId} scope="col">
              {column.heading}
            </Table.Th>
          ))}
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {fields.map((field) => (
          <Table.Tr key={field}>
            <Table.Th scope="row">{t(permitFieldLabels[field])}</Table.Th>
            {columns.map((column) => (
              <Table.Td key={column.testId} data-testid={`${column.testId}-${field}`}>
                {column.value(field)}
              </Table.Td>
            ))}
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}
