import { Fragment, useState } from 'react';
import { ActionIcon, Button, Center, Group, Loader, Table, Text, Title } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import {
  administratorButtons,
  administratorLabels,
  administratorMessages,
  administratorTitles,
  type AuditEntry,
} from '@hasp/contracts';
import { Icon } from '../../../components/Icon';
import { currentLanguage, useCaptions } from '../../../lib/i18n';
import { useAuditFacets, useAuditPage } from '../api/audit';
import { auditQueryOf, emptyAuditFilters, type AuditFilterValues } from '../audit-filters';
import { formatMoment } from '../format';
import { AuditChanges } from './AuditChanges';
import { AuditFilters } from './AuditFilters';
import { AuditVerify } from './AuditVerify';
import { LoadFailed } from './LoadFailed';
import classes from '../Administrator.module.css';

const PAGE_SIZE = 25;

/** The audit log: filters, a page of entries newest first, and each entry's changes on demand. */
export function AuditSection() {
  const t = useCaptions();
  const l = administratorLabels;
  const [filters, setFilters] = useState<AuditFilterValues>(emptyAuditFilters);
  // Typing an entity ID asks the server once the typing pauses, not at every key.
  const [entityId] = useDebouncedValue(filters.entityId, 300);
  // The cursors of the pages opened so far: the first page has none, "Older" adds one.
  const [cursors, setCursors] = useState<(string | undefined)[]>([undefined]);
  const [expanded, setExpanded] = useState<Set<string>>(new Set());
  const facets = useAuditFacets();
  const page = useAuditPage(auditQueryOf({ ...filters, entityId }, PAGE_SIZE, cursors.at(-1)));
  const title = t(administratorTitles.audit);
  const language = currentLanguage();

  const changeFilters = (values: AuditFilterValues) => {
    setFilters(values);
    setCursors([undefined]);
    setExpanded(new Set());
  };
  const toggle = (id: string) =>
    setExpanded((current) => {
      const next = new Set(current);
      if (!next.delete(id)) next.add(id);
      return next;
    });
  const entityOf = (entry: AuditEntry) =>
    entry.entityID === null ? entry.entityType : `${entry.entityType} #${entry.entityID}`;
  const items = page.data?.items ?? [];

  return (
    <section aria-labelledby="admin-audit-heading" className={classes.section}>
      <Title order={2} id="admin-audit-heading" className={classes.sectionTitle}>
        {title}
      </Title>
      <AuditVerify />
      <AuditFilters values={filters} facets={facets.data} onChange={changeFilters} />
      {page.isPending ? (
        <Center py="xl">
          <Loader aria-label={title} />
        </Center>
      ) : page.isError && !page.data ? (
        <LoadFailed onRetry={() => void page.refetch()} />
      ) : items.length === 0 ? (
        <Text role="status">{t(administratorMessages.noEntries)}</Text>
      ) : (
        <Table.ScrollContainer minWidth={680}>
          <Table
            verticalSpacing="xs"
            aria-label={t(l.auditTable)}
            aria-busy={page.isFetching}
            className={classes.auditTable}
          >
            <Table.Thead>
              <Table.Tr>
                <Table.Th scope="col">
                  <span className={classes.visuallyHidden}>{t(l.details)}</span>
                </Table.Th>
                <Table.Th scope="col">{t(l.when)}</Table.Th>
                <Table.Th scope="col">{t(l.who)}</Table.Th>
                <Table.Th scope="col">{t(l.action)}</Table.Th>
                <Table.Th scope="col">{t(l.entity)}</Table.Th>
                <Table.Th scope="col">{t(l.where)}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {items.map((entry) => {
                const open = expanded.has(entry.ID);
                const detailsId = `audit-entry-${entry.ID}`;
                return (
                  <Fragment key={entry.ID}>
                    <Table.Tr data-audit-id={entry.ID} data-action={entry.action}>
                      <Table.Td className={classes.toggleCell}>
                        <ActionIcon
                          variant="subtle"
                          aria-expanded={open}
                          aria-controls={open ? detailsId : undefined}
                          aria-label={t(open ? administratorButtons.hideDetails : administratorButtons.showDetails)}
                          onClick={() => toggle(entry.ID)}
                        >
                          <Icon name={open ? 'chevron-down' : 'chevron-right'} size={18} />
                        </ActionIcon>
                      </Table.Td>
                      <Table.Td className={classes.nowrap}>
                        <time dateTime={entry.occurredAt}>{formatMoment(entry.occurredAt, language)}</time>
                      </Table.Td>
                      <Table.Td>{entry.user?.displayName ?? t(l.system)}</Table.Td>
                      <Table.Td>
                        <code className={classes.code}>{entry.action}</code>
                      </Table.Td>
                      <Table.Td>{entityOf(entry)}</Table.Td>
                      <Table.Td>{t(entry.facilityID === null ? l.connectionWide : l.thisFacility)}</Table.Td>
                    </Table.Tr>
                    {open && (
                      <Table.Tr id={detailsId} className={classes.detailsRow}>
                        <Table.Td colSpan={6}>
                          <AuditChanges entry={entry} />
                        </Table.Td>
                      </Table.Tr>
                    )}
                  </Fragment>
                );
              })}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
      <Group justify="space-between" gap="sm">
        <Button
          variant="default"
          disabled={cursors.length <= 1}
          onClick={() => {
            setCursors((current) => current.slice(0, -1));
            setExpanded(new Set());
          }}
        >
          {t(administratorButtons.newer)}
        </Button>
        <Text size="sm" aria-live="polite">
          {t(l.page, { page: cursors.length })}
        </Text>
        <Button
          variant="default"
          disabled={!page.data?.nextCursor || page.isPlaceholderData}
          onClick={() => {
            const next = page.data?.nextCursor;
            if (next) setCursors((current) => [...current, next]);
            setExpanded(new Set());
          }}
        >
          {t(administratorButtons.older)}
        </Button>
      </Group>
    </section>
  );
}
