import { Badge, Table, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import { offlineDashboardLabels as L, type Caption } from '@hasp/contracts';
import { useCaptions } from '../../../lib/i18n';
import classes from './OfflinePermitTypeList.module.css';

export interface OfflineColumn {
  key: string;
  /** Said in the reader's language. */
  label: Caption;
}

/** One offline-enabled permit type with the permits stored on this device, in its own columns. */
export interface OfflinePermitTypeGroup {
  code: string;
  name: string;
  columns: OfflineColumn[];
  /** Each permit's cells by column key; `href`, when given, makes its first cell a link to its page. */
  permits: Array<{ id: string; href?: string } & Record<string, string>>;
}

/**
 * The offline dashboard's list: each offline-enabled type that has stored permits, with its count
 * and a table of its permits in the type's columns. Types without stored permits are left out.
 */
export function OfflinePermitTypeList({
  groups,
  linkToIndex = true,
}: {
  groups: OfflinePermitTypeGroup[];
  /** False on the type's own offline index (a link to the page it is on helps nobody). */
  linkToIndex?: boolean;
}) {
  const t = useCaptions();
  const withPermits = groups.filter((g) => g.permits.length > 0);
  if (withPermits.length === 0) {
    return (
      <Text className={classes.empty} role="status">
        {t(L.noneStored)}
      </Text>
    );
  }
  return (
    <div className={classes.groups}>
      {withPermits.map((group) => (
        <section key={group.code} className={classes.group} aria-labelledby={`offline-type-${group.code}`}>
          <div className={classes.groupHeader}>
            <Title order={2} size="h4" id={`offline-type-${group.code}`}>
              {group.name}{' '}
              <Badge variant="light" color="steel" aria-label={t(L.stored, { count: group.permits.length })}>
                {group.permits.length}
              </Badge>
            </Title>
            {linkToIndex && (
              <Link to={`/offline/permit/${encodeURIComponent(group.code)}/index`} className={classes.more}>
                {t(L.openIndex)}
              </Link>
            )}
          </div>
          {/* At phone width each row stacks as a card, its cells labelled (the CSS): nothing scrolls sideways. */}
          <Table striped withTableBorder className={classes.table}>
            <Table.Thead>
              <Table.Tr>
                {group.columns.map((column) => (
                  <Table.Th key={column.key} scope="col">
                    {t(column.label)}
                  </Table.Th>
                ))}
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {group.permits.map((permit) => (
                <Table.Tr key={permit.id}>
                  {group.columns.map((column, index) => (
                    <Table.Td key={column.key} data-label={t(column.label)}>
                      {index === 0 && permit.href ? (
                        <Link to={permit.href} className={classes.permitLink}>
                          {permit[column.key] ?? ''}
                        </Link>
                      ) : (
                        (permit[column.key] ?? '')
                      )}
                    </Table.Td>
                  ))}
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </section>
      ))}
    </div>
  );
}
