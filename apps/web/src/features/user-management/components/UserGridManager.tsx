import { useState } from 'react';
import { Alert, Button, Center, Loader, NativeSelect, Pagination, Stack, Text, TextInput, Title } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import {
  userManagementButtons,
  userManagementLabels,
  userManagementMessages,
  userManagementTitles,
  userStatusFilters,
  type UserStatusFilter,
} from '@hasp/contracts';
import { useAuthState } from '../../../lib/auth-session';
import { useCaptions } from '../../../lib/i18n';
import { useUserOverview } from '../api/get-overview';
import { BulkActionBar } from './BulkActionBar';
import { UserGrid } from './UserGrid';
import classes from '../UserManagement.module.css';

const PAGE_SIZE = 20;

/** The grid with its search, status filter, pages, selection and bulk actions. */
export function UserGridManager() {
  const t = useCaptions();
  const l = userManagementLabels;
  const { session } = useAuthState();
  const currentUserId = session?.user.ID ?? 0;
  const [search, setSearch] = useState('');
  const [debouncedSearch] = useDebouncedValue(search.trim(), 300);
  const [status, setStatus] = useState<UserStatusFilter>('active');
  const [page, setPage] = useState(1);
  const [selected, setSelected] = useState<Set<number>>(new Set());
  const overview = useUserOverview({ search: debouncedSearch || undefined, status, page, pageSize: PAGE_SIZE });

  const toggle = (ids: number[], on: boolean) =>
    setSelected((current) => {
      const next = new Set(current);
      for (const id of ids) {
        if (on) next.add(id);
        else next.delete(id);
      }
      return next;
    });
  const total = overview.data?.total ?? 0;
  const pages = Math.max(1, Math.ceil(total / PAGE_SIZE));
  const items = overview.data?.items ?? [];

  return (
    <section className={classes.section} aria-labelledby="user-management-grid">
      <Title order={2} id="user-management-grid" className={classes.sectionTitle}>
        {t(userManagementTitles.grid)}
      </Title>
      <div className={classes.toolbar}>
        <TextInput
          type="search"
          label={t(l.search)}
          placeholder={t(l['search::placeholder'])}
          value={search}
          onChange={(event) => {
            setSearch(event.currentTarget.value);
            setPage(1);
          }}
        />
        <NativeSelect
          label={t(l.status)}
          value={status}
          onChange={(event) => {
            setStatus(event.currentTarget.value as UserStatusFilter);
            setPage(1);
          }}
          data={userStatusFilters.map((s) => ({ value: s, label: t(l[`status::${s}`]) }))}
        />
      </div>
      <BulkActionBar
        selectedIds={[...selected]}
        groups={overview.data?.groups ?? []}
        onDone={() => setSelected(new Set())}
      />
      <div className={classes.summary}>
        <Text role="status" aria-live="polite">
          {overview.data ? t(l.count, { count: total }) : ''}
        </Text>
        {selected.size > 0 && (
          <Button variant="subtle" onClick={() => setSelected(new Set())}>
            {t(userManagementButtons.clearSelection)}
          </Button>
        )}
      </div>
      {overview.isPending ? (
        <Center py="xl">
          <Loader aria-label={t(l.loading)} />
        </Center>
      ) : overview.isError && !overview.data ? (
        <Alert color="red" variant="light" title={t(userManagementMessages.loadFailed)}>
          <Button variant="default" mt="xs" onClick={() => void overview.refetch()}>
            {t(userManagementButtons.retry)}
          </Button>
        </Alert>
      ) : items.length === 0 ? (
        <Text>{t(userManagementMessages.empty)}</Text>
      ) : (
        <Stack gap="xs">
          <UserGrid
            users={items}
            selected={selected}
            currentUserId={currentUserId}
            busy={overview.isFetching}
            onToggle={(id, on) => toggle([id], on)}
            onTogglePage={(on) =>
              toggle(
                items.filter((u) => u.ID !== currentUserId).map((u) => u.ID),
                on,
              )
            }
          />
        </Stack>
      )}
      {pages > 1 && (
        <nav aria-label={t(l.pages)} className={classes.pagination}>
          <Pagination total={pages} value={Math.min(page, pages)} onChange={setPage} siblings={1} boundaries={1} />
        </nav>
      )}
    </section>
  );
}
