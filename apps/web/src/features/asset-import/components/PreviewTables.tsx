import { Table, Text, Title } from '@mantine/core';
import { assetImportKindLabels, assetImportLabels, type ImportPreviewSheet } from '@hasp/contracts';
import { useCaptions } from '../../../lib/i18n';
import classes from '../AssetImport.module.css';

/** The first rows of each sheet as the server read them. */
export function PreviewTables({ sheets }: { sheets: ImportPreviewSheet[] }) {
  const t = useCaptions();
  const l = assetImportLabels;
  return (
    <>
      {sheets.map((sheet) => {
        const kind = t(assetImportKindLabels[sheet.kind]);
        return (
          <div key={sheet.kind} className={classes.previewSheet}>
            <Title order={4} className={classes.subTitle}>
              {t(l.sheetRows, { kind, count: sheet.rowCount })}
            </Title>
            <Text size="sm">{t(l.previewRows, { shown: sheet.rows.length, count: sheet.rowCount })}</Text>
            <div className={classes.tableScroll} role="region" aria-label={t(l.previewTable, { kind })} tabIndex={0}>
              <Table withTableBorder className={classes.table}>
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th scope="col">{t(l.row)}</Table.Th>
                    {sheet.columns.map((column, index) => (
                      <Table.Th key={`${index}:${column}`} scope="col">
                        {column}
                      </Table.Th>
                    ))}
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {sheet.rows.map((row, rowIndex) => (
                    <Table.Tr key={rowIndex}>
                      {/* The header is row 1, as in the spreadsheet and the report. */}
                      <Table.Td>{rowIndex + 2}</Table.Td>
                      {sheet.columns.map((column, index) => (
                        <Table.Td key={`${index}:${column}`} className={classes.value}>
                          {row[index] ?? ''}
                        </Table.Td>
                      ))}
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </div>
          </div>
        );
      })}
    </>
  );
}
